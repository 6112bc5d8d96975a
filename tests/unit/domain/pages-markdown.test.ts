import { isAllowedLink, renderMarkdown } from "~/domain/pages/markdown.server";

describe("renderMarkdown: the owner's Markdown, safe as HTML", () => {
  it("renders headings, emphasis, lists and quotes", () => {
    const html = renderMarkdown("## Shipping\n\n**Fast** and *careful*.\n\n- one\n- two\n\n> coming soon");
    expect(html).toContain("<h2>Shipping</h2>");
    expect(html).toContain("<strong>Fast</strong> and <em>careful</em>.");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
  });

  it("shows raw HTML as text: script tags, event handlers, iframes", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<iframe src="https://evil.example"></iframe>\n\nHi <b onmouseover=alert(1)>there</b>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<b\b/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    // The words stay visible as text, never as an attribute of a tag.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  it("refuses links other than http(s), mailto and site paths: they stay text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "//evil.example",
      "/\\evil.example",
      "file:///etc/passwd",
      "relative/path",
    ]) {
      const html = renderMarkdown(`[x](${href})`);
      expect(html, href).not.toContain("<a");
      expect(html, href).toContain("[x](");
    }
    // Reference-style and autolinks go through the same check.
    expect(renderMarkdown("[x][1]\n\n[1]: javascript:alert(1)")).not.toContain("<a");
    expect(renderMarkdown("<javascript:alert(1)>")).not.toContain("<a");
    expect(renderMarkdown("<data:text/html,hi>")).not.toContain("<a");
  });

  it("keeps allowed links; other sites get rel=noopener, the shop's paths stay plain links", () => {
    expect(renderMarkdown("[shop](/shop)")).toContain('<a href="/shop">shop</a>');
    expect(renderMarkdown("[us](https://example.com/a?b=1)")).toContain('<a href="https://example.com/a?b=1" rel="noopener">us</a>');
    expect(renderMarkdown("[HTTP](HTTP://example.com)")).toContain('rel="noopener"');
    expect(renderMarkdown("[mail](mailto:hello@example.com)")).toContain('<a href="mailto:hello@example.com">mail</a>');
    // Bare addresses become links too (linkify), under the same rules.
    expect(renderMarkdown("see https://uodo.gov.pl today")).toContain('<a href="https://uodo.gov.pl" rel="noopener">https://uodo.gov.pl</a>');
  });

  it("escapes quotes in link targets and titles", () => {
    const html = renderMarkdown('[x](https://example.com/"onmouseover="alert(1) "t\\"itle")');
    expect(html).not.toMatch(/"\s*onmouseover=/);
  });

  it("shows a foreign picture as its words only: never an <img> (the pages' CSP allows only the shop's own)", () => {
    for (const src of [
      "https://example.com/cat.png",
      "http://example.com/cat.png",
      "//example.com/cat.png",
      "/\\example.com/cat.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
      "/uploads/reviews/1/a.jpg",
      "/uploads/pages/../reviews/a.jpg",
      "/uploads/pages/%2e%2e/x.png",
      "/uploads/pages/a.svg",
      "/uploads/pages/a.png?x=1",
      "/elsewhere/a.png",
    ]) {
      const html = renderMarkdown(`![a <b>cat</b>](${src})`);
      expect(html, src).not.toContain("<img");
      expect(html, src).not.toContain("src=");
      expect(html, src).toContain("a &lt;b&gt;cat&lt;/b&gt;");
    }
  });

  it("shows the shop's own photo, lazily, with its size and widths when the shop knows them", () => {
    const url = "/uploads/pages/0b8e2f5a-1c2d-4e5f-8a9b-0c1d2e3f4a5b.jpg";
    const html = renderMarkdown(`![The studio "window"](${url})`, { photos: new Map([[url, { width: 1600, height: 1067 }]]) });
    expect(html).toMatch(/<img src="\/uploads\/pages\/0b8e2f5a-[^"]+\.jpg" alt="The studio &quot;window&quot;"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('width="1600" height="1067"');
    expect(html).toContain("/uploads/pages/w/0b8e2f5a-1c2d-4e5f-8a9b-0c1d2e3f4a5b-640.webp 640w");
    // A product photo may be shown too; without a known size it still loads lazily.
    const product = renderMarkdown("![dress](/uploads/products/dress-1.webp)");
    expect(product).toContain('<img src="/uploads/products/dress-1.webp" alt="dress" loading="lazy"');
    expect(product).not.toContain("width=");
  });

  it("renders Markdown tables inside a box that scrolls on a phone", () => {
    const html = renderMarkdown("| Body | Bust |\n|---|---:|\n| MSD | 18 cm |\n| <i>x</i> | 1 |");
    expect(html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(html).toContain("<th>Body</th>");
    expect(html).toContain('<td style="text-align:right">18 cm</td>');
    expect(html).toContain("&lt;i&gt;x&lt;/i&gt;");
    expect(html).toContain("</table>\n</div>");
  });

  it("refuses javascript: links inside tables and image links", () => {
    const html = renderMarkdown("| a |\n|---|\n| [x](javascript:alert(1)) |\n\n[![s](/uploads/pages/a.png)](javascript:alert(1))");
    expect(html).not.toMatch(/href="javascript/i);
  });
});

describe("isAllowedLink", () => {
  it("allows exactly http:, https:, mailto: and site paths", () => {
    for (const ok of ["http://a.example", "https://a.example/x", "HTTPS://A.EXAMPLE", "mailto:a@b.example", "/", "/shop?x=1", "/withdrawal"]) {
      expect(isAllowedLink(ok), ok).toBe(true);
    }
    for (const bad of ["javascript:x", "JavaScript:x", "data:x", "//evil.example", "/\\evil", "ftp://x", "tel:123", "#top", "shop", ""]) {
      expect(isAllowedLink(bad), bad).toBe(false);
    }
  });
});
