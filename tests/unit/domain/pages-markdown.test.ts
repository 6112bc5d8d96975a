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

  it("shows no pictures (the pages' CSP allows only the shop's own)", () => {
    const html = renderMarkdown("![cat](https://example.com/cat.png)");
    expect(html).not.toContain("<img");
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
