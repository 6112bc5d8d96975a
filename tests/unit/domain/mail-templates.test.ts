// @vitest-environment node
import { MAIL_KIND_LABELS, type MailDataByKind, type MailKind, renderMail } from "~/domain/mail/templates";

const ctx = { storeName: "Little <Stitches> & Co", appUrl: "https://shop.example", shopEmail: "hello@example.com" };
const order: MailDataByKind["order-confirmation"] = {
  orderId: 7,
  token: "tok_en-1",
  email: "b@example.com",
  firstName: "Ada",
  lastName: "L",
  items: [{ title: 'Dress "A" <b>', colorName: "Pink", variationName: null, quantity: 1, unitPrice: "10.00", price: "10.00" }],
  subtotal: "10.00",
  shippingCost: "5.00",
  shippingName: "Standard Shipping",
  loyaltyDiscount: "0.00",
  loyaltyPointsUsed: 0,
  total: "15.00",
  address: { firstName: "Ada", lastName: "L", addressLine1: "1 Way", addressLine2: null, city: "Paris", state: null, postalCode: "75001", country: "FR" },
  customerMessage: null,
  trackingNumber: "TN 1/2",
};
const samples: { [K in MailKind]: MailDataByKind[K] } = {
  "order-confirmation": order,
  "order-shipped": order,
  "order-cancelled": { ...order, wasPaid: false },
  "cancel-request-received": order,
  "owner-new-order": order,
  "owner-cancel-request": order,
  "order-refunded": { ...order, refundAmount: "12.50" },
  "cancel-declined": { ...order, declineReason: "It <already> left" },
  welcome: { firstName: "" },
  "points-awarded": { firstName: "Ada", points: 5, balance: 10 },
  "password-reset": { firstName: "Ada", token: "abc", firstPassword: false },
  "back-in-stock": { productTitle: "Cape", slug: "cape", optionLabel: "Red", unsubscribeToken: "t.s" },
  "verify-email": { firstName: "Ada", token: "v+t" },
  "email-changed": { firstName: "Ada", newEmail: "new<x>@example.com", token: "u/t" },
  "account-delete-link": { firstName: "Ada", token: "d/t" },
  "account-deleted": { firstName: "Ada", ordersKept: 2 },
};

describe("the e-mail templates", () => {
  for (const kind of Object.keys(MAIL_KIND_LABELS) as MailKind[]) {
    it(`${kind}: a subject, an HTML document with absolute links only, and a plain text with the footer`, () => {
      const mail = renderMail(kind, samples[kind] as never, ctx);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html.startsWith("<!DOCTYPE html>")).toBe(true);
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^(https:\/\/|mailto:)/);
      expect(mail.html).not.toContain("<Stitches>");
      expect(mail.html).toContain("Little &lt;Stitches&gt; &amp; Co");
      expect(mail.text).toContain("https://shop.example/");
      expect(mail.text).not.toMatch(/<(p|table|td|a|br|strong|h1|h2)[\s>]/);
    });
  }

  it("escapes item titles and encodes tracking numbers in links", () => {
    const confirmation = renderMail("order-confirmation", order, ctx);
    expect(confirmation.html).toContain("Dress &quot;A&quot; &lt;b&gt;");
    expect(confirmation.text).toContain("https://shop.example/order-details/7/tok_en-1");
    const shipped = renderMail("order-shipped", order, ctx);
    expect(shipped.text).toContain("https://parcelsapp.com/en/tracking/TN%201%2F2");
  });

  it("a refund names its amount; a declined request the shop's reason, escaped", () => {
    expect(renderMail("order-refunded", { ...order, refundAmount: "12.50" }, ctx).text).toContain("We have refunded $12.50 of order #7 to your PayPal account.");
    const declined = renderMail("cancel-declined", { ...order, declineReason: "It <already> left" }, ctx);
    expect(declined.text).toContain("It <already> left");
    expect(declined.html).toContain("It &lt;already&gt; left");
  });

  it("a cancellation of an unpaid order says nothing was charged; of a paid one, the refund terms", () => {
    expect(renderMail("order-cancelled", { ...order, wasPaid: false }, ctx).text).toContain("nothing was charged");
    expect(renderMail("order-cancelled", { ...order, wasPaid: true }, ctx).text).toContain("You can cancel with a full refund only if the order has not shipped yet.");
  });

  it("a confirmation link and an undo link carry their tokens encoded; the new address is escaped", () => {
    expect(renderMail("verify-email", { firstName: "Ada", token: "v+t" }, ctx).text).toContain("https://shop.example/verify-email?token=v%2Bt");
    const changed = renderMail("email-changed", { firstName: "Ada", newEmail: "new<x>@example.com", token: "u/t" }, ctx);
    expect(changed.text).toContain("https://shop.example/undo-email-change?token=u%2Ft");
    expect(changed.text).toContain("changed to new<x>@example.com");
    expect(changed.html).toContain("new&lt;x&gt;@example.com");
  });
});
