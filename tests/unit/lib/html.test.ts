import { describe, expect, it } from "vitest";
import { html, raw, SafeHtml } from "~/lib/html";

// Prettier leaves html`…` alone (embeddedLanguageFormatting: off): these strings are exact.
describe("html tagged template", () => {
  it("escapes every interpolation by default, in text and in attributes", () => {
    const title = `<img src=x onerror="alert(1)">`;
    const slug = `x" onmouseover='alert(2)`;
    expect(html`<a href="/product/${slug}" title='${slug}'>${title} & more</a>`.value).toBe(
      `<a href="/product/x&quot; onmouseover=&#x27;alert(2)" title='x&quot; onmouseover=&#x27;alert(2)'>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; & more</a>`,
    );
  });

  it("leaves the template's own markup and plain text alone", () => {
    expect(html`<p class="price">${"$24.50"}</p><span>${"Café crème…"}</span>`.value).toBe(`<p class="price">$24.50</p><span>Café crème…</span>`);
  });

  it("writes numbers as text and nothing for null, undefined and false", () => {
    expect(html`<i>${42}</i><b>${null}${undefined}${false}</b>`.value).toBe("<i>42</i><b></b>");
  });

  it("joins arrays, escaping their items unless they are markup", () => {
    const items = ["<one>", "two & three"].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe("<ul><li>&lt;one&gt;</li><li>two &amp; three</li></ul>");
    expect(html`${["<a>", "<b>"]}`.value).toBe("&lt;a&gt;&lt;b&gt;");
  });

  it("passes nested templates through once, without escaping them twice", () => {
    const inner = html`<em>${"a<b"}</em>`;
    expect(html`<p>${inner}</p>`.value).toBe("<p><em>a&lt;b</em></p>");
    expect(String(html`<p>${inner}</p>`)).toBe("<p><em>a&lt;b</em></p>");
  });

  it("writes raw() markup as it is: the explicit exception", () => {
    expect(html`<div>${raw("<svg></svg>")}</div>`.value).toBe("<div><svg></svg></div>");
    expect(raw("<b>")).toBeInstanceOf(SafeHtml);
    // A plain string that looks like markup is still escaped: only raw() and html opt out.
    expect(html`<div>${"<svg></svg>"}</div>`.value).toBe("<div>&lt;svg&gt;&lt;/svg&gt;</div>");
  });

  it("escapes a hostile value the same way wherever it lands", () => {
    const hostile = `"><script>alert('x')</script>&`;
    const out = html`<input value="${hostile}"/><p>${hostile}</p>`.value;
    expect(out).not.toContain("<script>");
    expect(out).toBe(
      `<input value="&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;"/><p>&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;</p>`,
    );
  });
});
