import { FORWARDED_WITHOUT_TRUST_MESSAGE, forwardedWithoutTrustCheck } from "~/lib/trust-proxy.server";

describe("TRUST_PROXY=0 behind a proxy", () => {
  it("logs one error per minute for requests with X-Forwarded-For, nothing for the others", () => {
    const errors: string[] = [];
    const check = forwardedWithoutTrustCheck({ error: (m) => errors.push(m) });
    const t0 = Date.parse("2025-06-01T12:00:00Z");
    check({}, t0);
    expect(errors).toEqual([]);
    for (let s = 0; s < 60; s++) check({ "x-forwarded-for": "203.0.113.9" }, t0 + s * 1000);
    expect(errors).toEqual([FORWARDED_WITHOUT_TRUST_MESSAGE]);
    check({ "x-forwarded-for": "203.0.113.9" }, t0 + 60_000);
    expect(errors).toHaveLength(2);
    expect(FORWARDED_WITHOUT_TRUST_MESSAGE).toContain("behind a proxy? set TRUST_PROXY");
  });
});
