import MarkdownIt from "markdown-it";

// The owner's pages are Markdown rendered here, on the server, and shown as they are: raw HTML is
// off (tags show as text) and links are limited to an allow-list (docs/decisions/owner-pages.md).

/** http:, https:, mailto: and paths of this site ("/shop", never "//host"). */
export function isAllowedLink(url: string): boolean {
  const href = url.trim();
  if (/^(https?:\/\/|mailto:)/i.test(href)) return true;
  return href.startsWith("/") && !/^\/(\/|\\|%5c)/i.test(href);
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Pictures would load from anywhere (and the pages' CSP allows only the shop's own): text only.
md.disable("image");
md.validateLink = isAllowedLink;

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet("href") ?? "";
  // Other sites get no handle on this page.
  if (/^https?:/i.test(href)) token.attrSet("rel", "noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The HTML of a page's Markdown: safe to put into the page as it is. */
export function renderMarkdown(body: string): string {
  return md.render(body);
}
