import { Writable } from "node:stream";
import pino from "pino";
import { REDACT_PATHS, routeOf } from "~/lib/logger.server";
import { baseSecurityHeaders, documentCsp, isPaymentPage } from "~/lib/security-headers.server";

describe("Content-Security-Policy", () => {
  it("allows the shop's scripts and this request's nonce only; nothing inline, no eval, no framing", () => {
    const csp = documentCsp({ nonce: "abc123", pathname: "/shop", paypalMode: "live" });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|paypal/);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  });

  it("adds PayPal's hosts on the two payment pages, in sandbox and live only", () => {
    for (const page of ["/order/12/payment", "/order-payment/12"]) {
      expect(isPaymentPage(page)).toBe(true);
      expect(documentCsp({ nonce: "n", pathname: page, paypalMode: "sandbox" })).toMatch(/script-src [^;]*https:\/\/www\.paypal\.com/);
      expect(documentCsp({ nonce: "n", pathname: page, paypalMode: "sandbox" })).toMatch(/frame-src [^;]*https:\/\/www\.sandbox\.paypal\.com/);
      expect(documentCsp({ nonce: "n", pathname: page, paypalMode: "live" })).toMatch(/connect-src [^;]*https:\/\/api-m\.paypal\.com/);
      expect(documentCsp({ nonce: "n", pathname: page, paypalMode: "emulator" })).not.toContain("paypal");
      expect(documentCsp({ nonce: "n", pathname: page, paypalMode: undefined })).not.toContain("paypal");
    }
    for (const other of ["/checkout", "/order/12/payment/x", "/order/12/confirmation", "/cart"]) {
      expect(documentCsp({ nonce: "n", pathname: other, paypalMode: "live" })).not.toContain("paypal");
    }
  });

  it("HSTS only when the shop is served over https", () => {
    expect(baseSecurityHeaders("https://shop.example")["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(baseSecurityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders("http://localhost:3000")).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});

describe("logs", () => {
  it("routes carry no query string and no order tokens", () => {
    expect(routeOf("/reset-password?token=secret123")).toBe("/reset-password");
    expect(routeOf("/orders/12/AbCdEfGhIjKlMnOpQrStUvWxYz012345")).toBe("/orders/12/:token");
    expect(routeOf("/order-details/7/short-token")).toBe("/order-details/7/:token");
    expect(routeOf("/api/orders/12/cancel")).toBe("/api/orders/12/cancel");
    expect(routeOf("/x/" + "a".repeat(40))).toBe("/x/:token");
    expect(routeOf("/product/lace-dress")).toBe("/product/lace-dress");
  });

  it("never writes passwords, tokens, cookies or addresses", () => {
    const lines: string[] = [];
    const log = pino(
      { redact: { paths: REDACT_PATHS, censor: "[redacted]" } },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    log.info(
      {
        password: "hunter2",
        body: { password: "hunter3", token: "tok-1", addressLine1: "1 Secret Lane", email: "a@b.c" },
        req: { headers: { cookie: "__session=abc", authorization: "Bearer xyz" } },
        order: { shipping_address_line1: "2 Hidden Road" },
      },
      "x",
    );
    const text = lines.join("");
    for (const secret of ["hunter2", "hunter3", "tok-1", "Secret Lane", "__session=abc", "Bearer xyz", "Hidden Road"]) expect(text).not.toContain(secret);
    expect(text).toContain("[redacted]");
  });
});
