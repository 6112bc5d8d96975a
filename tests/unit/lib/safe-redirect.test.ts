import { safeRedirect } from "~/web/http.server";

describe("safeRedirect", () => {
  it("follows paths on this site", () => {
    expect(safeRedirect("/account")).toBe("/account");
    expect(safeRedirect("/shop?search=dress#top")).toBe("/shop?search=dress#top");
    expect(safeRedirect("/order-details/4?token=abc")).toBe("/order-details/4?token=abc");
  });

  it("sends everything else to the fallback", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "account",
      "/foo\r\nSet-Cookie: x=1",
      "/a\tb",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad, "/")).toBe("/");
    }
    expect(safeRedirect("https://evil.example", "/admin")).toBe("/admin");
  });

  it("ignores a file upload in place of a string", () => {
    expect(safeRedirect(new File(["x"], "x.txt") as unknown as string, "/")).toBe("/");
  });
});
