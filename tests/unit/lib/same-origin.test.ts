import { isCrossSiteWrite } from "~/lib/same-origin";

const APP_URL = "http://localhost:3000";

/** 403 when the server's same-origin step refuses the request, 200 when it passes it on. */
function attempt(headers: Record<string, string>, method = "POST"): number {
  return isCrossSiteWrite(method, { origin: headers.Origin, secFetchSite: headers["Sec-Fetch-Site"] }, APP_URL) ? 403 : 200;
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
