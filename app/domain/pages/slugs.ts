/**
 * The pages the owner writes herself (browser-safe: the admin's tab and editor import it).
 * Each is served at `/{slug}`, edited at `/admin/pages/{slug}`.
 */
export const PAGE_SLUGS = ["terms-conditions", "privacy", "about", "size-guide"] as const;

export type PageSlug = (typeof PAGE_SLUGS)[number];

export const PAGE_LABELS: Record<PageSlug, string> = {
  "terms-conditions": "Terms & Conditions",
  privacy: "Privacy Policy",
  about: "About",
  "size-guide": "Size Guide",
};

export function isPageSlug(value: unknown): value is PageSlug {
  return typeof value === "string" && (PAGE_SLUGS as readonly string[]).includes(value);
}

export const PAGE_INTENTS = {
  preview: "preview",
  save: "save",
  restore: "restore",
  photo: "photo",
  homeSave: "home-save",
} as const;

export const PAGE_TEXT = {
  notFound: "Page not found",
  versionNotFound: "Version not found",
  saved: "Page saved",
  restored: "Version restored",
  restoreConfirm: "Restore this version? It becomes the page shown, and the current text stays in the list of versions.",
  homeSaved: "Home page texts saved",
} as const;

export const PAGE_TITLE_MAX = 120;
export const PAGE_BODY_MAX = 50_000;
