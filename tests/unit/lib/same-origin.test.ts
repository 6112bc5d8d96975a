import { assertSameOrigin } from "~/lib/http.server";

function attempt(headers: Record<string, string>, method = "POST"): number {
  try {
    assertSameOrigin(new Request("http://localhost:3000/api/cart", { method, headers }));
    return 200;
  } catch (thrown) {
    return (thrown as Response).status;
  }
}

describe("the same-origin check of every write", () => {
  it("refuses another Origin and accepts the shop's", () => {
    expect(attempt({ Origin: "https://evil.example" })).toBe(403);
    expect(attempt({ Origin: "http://localhost:3000" })).toBe(200);
  });

  it("without Origin, judges by Sec-Fetch-Site: cross-site is refused", () => {
    expect(attempt({ "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(attempt({ "Sec-Fetch-Site": "CROSS-SITE" }, "DELETE")).toBe(403);
    expect(attempt({ "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(attempt({ "Sec-Fetch-Site": "none" })).toBe(200);
  });

  it("lets a request with neither header pass (curl, scripts)", () => {
    expect(attempt({})).toBe(200);
    expect(attempt({ "Sec-Fetch-Site": "cross-site" }, "GET")).toBe(200);
  });
});
