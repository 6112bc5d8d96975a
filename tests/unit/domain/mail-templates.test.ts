import { MAIL_KIND_LABELS, type MailDataByKind, type MailKind, renderMail } from "~/domain/mail/templates";
import { fillText } from "~/domain/mail/templates/layout";
import { ORDER_MAILS } from "~/domain/mail/templates/order";
import { MAIL_TEXT_BY_LANGUAGE } from "~/domain/mail/templates/texts";

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
const withdrawal: MailDataByKind["withdrawal-received"] = {
  ...order,
  name: "Ada <L>",
  statement: "I changed my <mind>",
  receivedAt: "2026-11-26T10:15:00.000Z",
  shipped: false,
  returnAddress: ["Little Stitches Atelier", "ul. Krawiecka 7", "00-001 Warszawa", "Poland"],
};
const samples: { [K in MailKind]: MailDataByKind[K] } = {
  "order-confirmation": order,
  "order-shipped": order,
  "order-cancelled": { ...order, wasPaid: false },
  "cancel-request-received": order,
  "owner-new-order": order,
  "owner-cancel-request": order,
  "owner-payment-alert": { orderId: 12, total: "24.00", email: "ada@example.com", headline: "A payment was reversed", detail: "PayPal <reversed> it." },
  "owner-tax-threshold": { year: 2026, threshold: "eu-distance", level: 80, percent: 83, amount: "35 000,00 zł", limit: "42 000 zł" },
  "owner-made-to-order-held": { productId: 7, title: "Velvet <Cloak>", cap: 3, unpaid: 3, headline: "Unpaid orders hold all 3 places of Velvet <Cloak>" },
  "order-refunded": { ...order, refundAmount: "12.50" },
  "cancel-declined": { ...order, declineReason: "It <already> left" },
  welcome: { firstName: "" },
  "points-awarded": { firstName: "Ada", points: 5, balance: 10 },
  "password-reset": { firstName: "Ada", token: "abc", firstPassword: false },
  "back-in-stock": { productTitle: "Cape", slug: "cape", optionLabel: "Red", unsubscribeToken: "t.s" },
  "back-in-stock-confirm": { productTitle: "Cape", optionLabel: "Red", token: "t" },
  "verify-email": { firstName: "Ada", token: "v+t" },
  "email-changed": { firstName: "Ada", newEmail: "new<x>@example.com", token: "u/t" },
  "email-change-confirm": { token: "c/t" },
  "withdrawal-received": { ...withdrawal, shipped: true },
  "owner-withdrawal": withdrawal,
  "owner-withdrawal-reminder": withdrawal,
  "account-delete-link": { firstName: "Ada", token: "d/t" },
  "account-deleted": { firstName: "Ada", ordersKept: 2 },
  "review-request": { firstName: "Ada", orderId: 7, items: [{ title: "Cape <red>", slug: "cape" }], unsubscribeToken: "r.s" },
  invoice: { orderId: 7, number: "FV/2026/11/1", url: "/invoices/t0k", buyerName: "Ada <Co>", taxId: null, total: "15.00" },
  "owner-invoice": { orderId: 7, number: "FV/2026/11/1", url: "/invoices/t0k", buyerName: "Ada <Co>", taxId: "5260250274", total: "15.00" },
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

  it("paid and shipped e-mails link the withdrawal function for their order", () => {
    for (const kind of ["order-confirmation", "order-shipped"] as const) {
      const mail = renderMail(kind, order, ctx);
      expect(mail.text).toContain("Withdraw from contract here: https://shop.example/withdrawal?orderId=7");
      expect(mail.html).toContain('href="https://shop.example/withdrawal?orderId=7"');
    }
  });

  it("a withdrawal receipt has the date and time and what happens next; the statement stays with the owner", () => {
    const before = renderMail("withdrawal-received", withdrawal, ctx);
    expect(before.subject).toBe("We received your withdrawal from order #7");
    expect(before.text).toContain("on 26 November 2026 at 10:15 UTC");
    expect(before.text).toContain("we will cancel it and refund the full amount");
    // Anyone knowing the order number and e-mail can send the form: the receipt carries no text they typed.
    expect(before.html).not.toContain("mind");
    expect(before.text).toContain("Your statement is kept with the order.");
    expect(before.html).toContain("Dear Ada L,");
    expect(renderMail("owner-withdrawal", withdrawal, ctx).html).toContain("I changed my &lt;mind&gt;");
    const after = renderMail("withdrawal-received", { ...withdrawal, shipped: true }, ctx);
    expect(after.text).toContain("Please send the items back to us within 14 days");
    expect(after.text).toContain("ul. Krawiecka 7");
    expect(renderMail("owner-withdrawal-reminder", withdrawal, ctx).text).toContain("has not been handled for 7 days");
  });

  it("tells the owner of a mixed order not shipped yet to send the personalised piece and refund the rest, not to cancel it all", () => {
    const plain = renderMail("owner-withdrawal", withdrawal, ctx).text;
    expect(plain).toContain("'Cancel and refund in full' cancels it and refunds everything");
    const items = [
      { ...withdrawal.items[0]!, title: "Measured Coat", isPersonalised: true },
      { ...withdrawal.items[0]!, title: "Plain Hat", isPersonalised: false },
    ];
    const mixed = { ...withdrawal, items };
    for (const kind of ["owner-withdrawal", "owner-withdrawal-reminder"] as const) {
      const text = renderMail(kind, mixed, ctx).text;
      expect(text).toContain(`the customer cannot withdraw from ${items[0]!.title}`);
      expect(text).toContain("refund the other items with the return form");
      expect(text).not.toContain("'Cancel and refund in full' cancels it");
    }
  });

  it("escapes item titles and encodes tracking numbers in links", () => {
    const confirmation = renderMail("order-confirmation", order, ctx);
    expect(confirmation.html).toContain("Dress &quot;A&quot; &lt;b&gt;");
    expect(confirmation.text).toContain("https://shop.example/order-details/7/tok_en-1");
    const shipped = renderMail("order-shipped", order, ctx);
    expect(shipped.text).toContain("https://parcelsapp.com/en/tracking/TN%201%2F2");
  });

  it("a refund names its amount; a declined request the shop's reason, escaped", () => {
    expect(renderMail("order-refunded", { ...order, refundAmount: "12.50" }, ctx).text).toContain(
      "We have refunded $12.50 of order #7 to your PayPal account.",
    );
    const declined = renderMail("cancel-declined", { ...order, declineReason: "It <already> left" }, ctx);
    expect(declined.text).toContain("It <already> left");
    expect(declined.html).toContain("It &lt;already&gt; left");
  });

  it("a cancellation of an unpaid order says nothing was charged; of a paid one, the refund terms", () => {
    expect(renderMail("order-cancelled", { ...order, wasPaid: false }, ctx).text).toContain("nothing was charged");
    expect(renderMail("order-cancelled", { ...order, wasPaid: true }, ctx).text).toContain(
      "You can cancel with a full refund only if the order has not shipped yet.",
    );
  });

  it("a cancellation says who cancelled: the shop, the buyer, or an unpaid order expiring, in English and Polish", () => {
    const cancelled = (cancelledBy: "shop" | "buyer" | "expired" | undefined, locale: "en" | "pl") =>
      renderMail("order-cancelled", { ...order, wasPaid: cancelledBy === "shop", cancelledBy }, ctx, locale);
    expect(cancelled("shop", "en").text).toContain("We have cancelled order #7.");
    expect(cancelled(undefined, "en").text).toContain("We have cancelled order #7.");
    expect(cancelled("buyer", "en").text).toContain("As you asked, order #7 has been cancelled.");
    expect(cancelled("buyer", "en").text).not.toContain("We have cancelled");
    expect(cancelled("expired", "en").text).toContain("Order #7 was not paid in time, so it has been cancelled automatically.");
    expect(cancelled("expired", "en").html).not.toContain("We have cancelled");
    expect(cancelled("shop", "pl").text).toContain("Anulowaliśmy zamówienie");
    expect(cancelled("buyer", "pl").text).toContain("Zgodnie z Twoją prośbą zamówienie");
    expect(cancelled("expired", "pl").text).toContain("nie zostało opłacone na czas");
    expect(cancelled("expired", "pl").text).not.toContain("Anulowaliśmy");
  });

  it("a confirmation link and an undo link carry their tokens encoded; the new address is escaped", () => {
    expect(renderMail("verify-email", { firstName: "Ada", token: "v+t" }, ctx).text).toContain("https://shop.example/verify-email?token=v%2Bt");
    const changed = renderMail("email-changed", { firstName: "Ada", newEmail: "new<x>@example.com", token: "u/t" }, ctx);
    expect(changed.text).toContain("https://shop.example/undo-email-change?token=u%2Ft");
    expect(changed.text).toContain("changed to new<x>@example.com");
    expect(changed.html).toContain("new&lt;x&gt;@example.com");
  });

  it("puts the seller (legal name, address, e-mail, phone, VAT line) in the footer of HTML and text, escaped", () => {
    const seller = {
      legalName: "Anna <Nowak>",
      address: "ul. Igielna 3\n31-000 Kraków\nPoland",
      email: "anna@atelier.example",
      phone: "+48 600",
      vatLine: "VAT-exempt small business",
    };
    for (const kind of ["order-confirmation", "order-shipped", "order-cancelled", "order-refunded"] as const) {
      const mail = renderMail(kind, samples[kind] as never, { ...ctx, seller });
      expect(mail.text).toContain("Seller:\nAnna <Nowak>\nul. Igielna 3, 31-000 Kraków, Poland\nanna@atelier.example · +48 600\nVAT-exempt small business");
      expect(mail.html).toContain("Anna &lt;Nowak&gt;");
      expect(mail.html).toContain("ul. Igielna 3, 31-000 Kraków, Poland");
      expect(mail.html).toContain("VAT-exempt small business");
    }
    const noPhone = renderMail("order-confirmation", order, { ...ctx, seller: { ...seller, phone: "", vatLine: "" } });
    expect(noPhone.text).toMatch(/anna@atelier\.example\n$/);
    expect(renderMail("order-confirmation", order, ctx).text).not.toContain("Seller:");
  });

  it("fills a sentence's slots, and refuses a slot without a value or a value without a slot", () => {
    expect(fillText("Order {order} ({total}).", { order: "#7", total: "$1.00" })).toBe("Order #7 ($1.00).");
    expect(() => fillText("Order {order}.", {})).toThrow("{order}");
    expect(() => fillText("Order {order}.", { order: "#7", total: "$1.00" })).toThrow("{total}");
  });

  it("takes its words from the texts it is given: another set changes the words, not the markup", () => {
    const en = MAIL_TEXT_BY_LANGUAGE.en;
    const other = {
      ...en,
      layout: { ...en.layout, greeting: (name: string) => `Hi ${name}!` },
      order: { ...en.order, shipped: { ...en.order.shipped, body: "Parcel {order} left." } },
    };
    const parts = ORDER_MAILS["order-shipped"](order, ctx, other);
    expect(parts.text.slice(0, 3)).toEqual(["Hi Ada!", "", "Parcel #7 left."]);
    const english = ORDER_MAILS["order-shipped"](order, ctx, en);
    expect(english.text.slice(0, 3)).toEqual(["Dear Ada,", "", "Order #7 has been shipped by registered priority airmail."]);
  });
});
