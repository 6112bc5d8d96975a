import MarkdownIt from "markdown-it";
import { ownImageVariants, isOwnImageUrl, type PhotoSize } from "~/domain/pages/photo-urls";

// The owner's pages are Markdown rendered here, on the server, and shown as they are: raw HTML is
// off (tags show as text), links are limited to an allow-list, and pictures come only from the
// shop's own uploads (docs/decisions/owner-pages.md).

/** http:, https:, mailto: and paths of this site ("/shop", never "//host"). */
export function isAllowedLink(url: string): boolean {
  const href = url.trim();
  if (/^(https?:\/\/|mailto:)/i.test(href)) return true;
  return href.startsWith("/") && !/^\/(\/|\\|%5c)/i.test(href);
}

/** What a render knows besides the text: the sizes of the owner's photos, by URL (page_photos). */
export interface RenderEnv {
  photos?: ReadonlyMap<string, PhotoSize>;
}

// The 'default' preset: tables and strikethrough on; html off keeps raw HTML as text.
const md = new MarkdownIt("default", { html: false, linkify: true, typographer: false });
md.validateLink = isAllowedLink;

const renderToken: NonNullable<typeof md.renderer.rules.link_open> = (tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options);
const defaultLinkOpen = md.renderer.rules.link_open ?? renderToken;
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet("href") ?? "";
  // Other sites get no handle on this page.
  if (/^https?:/i.test(href)) token.attrSet("rel", "noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// A picture from anywhere else (another site, a data: URL, a review photo awaiting approval)
// shows as its words: the page never loads a stranger's file, and the CSP would block it anyway.
md.renderer.rules.image = (tokens, idx, options, env: RenderEnv | undefined, self) => {
  const token = tokens[idx]!;
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const src = token.attrGet("src") ?? "";
  if (!isOwnImageUrl(src)) return md.utils.escapeHtml(alt);
  const size = env?.photos?.get(src);
  const attrs: [string, string][] = [
    ["src", src],
    ["alt", alt],
  ];
  const title = token.attrGet("title");
  if (title) attrs.push(["title", title]);
  if (size) {
    attrs.push(["width", String(size.width)], ["height", String(size.height)]);
    const variants = ownImageVariants(src, size.width);
    if (variants) attrs.push(["srcset", variants], ["sizes", "(max-width: 760px) calc(100vw - 2rem), 720px"]);
  }
  attrs.push(["loading", "lazy"], ["decoding", "async"]);
  return `<img ${attrs.map(([name, value]) => `${name}="${md.utils.escapeHtml(value)}"`).join(" ")}>`;
};

// A wide table scrolls inside its own box on a phone instead of widening the page; tabindex lets
// a keyboard scroll it.
md.renderer.rules.table_open = (tokens, idx, options, env, self) => `<div class="table-scroll" tabindex="0">${renderToken(tokens, idx, options, env, self)}`;
md.renderer.rules.table_close = (tokens, idx, options, env, self) => `${renderToken(tokens, idx, options, env, self)}</div>`;

/** The HTML of a page's Markdown: safe to put into the page as it is. */
export function renderMarkdown(body: string, env: RenderEnv = {}): string {
  return md.render(body, env);
}
