import { renderMail, type MailDataByKind } from "~/domain/mail/templates";
import { chargesImportDuties, DUTIES_TEXT } from "~/domain/orders/duties";

// The order confirmation e-mail names import duties under the total for a destination outside
// the EU, and only there; the other order e-mails never do.

const ctx = { storeName: "Little Stitches", appUrl: "https://shop.example", shopEmail: "hello@example.com" };

function order(country: string): MailDataByKind["order-confirmation"] {
  return {
    orderId: 7,
    token: "tok",
    email: "b@example.com",
    firstName: "Ada",
    lastName: "L",
    items: [{ title: "Lace Dress", colorName: null, variationName: null, quantity: 1, unitPrice: "10.00", price: "10.00" }],
    subtotal: "10.00",
    shippingCost: "5.00",
    shippingName: "Standard Shipping",
    loyaltyDiscount: "0.00",
    loyaltyPointsUsed: 0,
    total: "15.00",
    address: { firstName: "Ada", lastName: "L", addressLine1: "1 Way", addressLine2: null, city: "Town", state: null, postalCode: "12345", country },
    customerMessage: null,
    trackingNumber: "TN1",
  };
}

describe("the import duties notice", () => {
  it("applies to a chosen country outside the EU only", () => {
    for (const code of ["US", "GB", "CH", "NO", "JP", "AU"]) expect(chargesImportDuties(code), code).toBe(true);
    for (const code of ["PL", "DE", "FR", "IE", "", null, undefined]) expect(chargesImportDuties(code), String(code)).toBe(false);
  });

  it("is in the confirmation e-mail of an order to the United States, right under the total", () => {
    const mail = renderMail("order-confirmation", order("US"), ctx);
    expect(mail.html).toContain(DUTIES_TEXT.notice);
    expect(mail.text).toContain(`Total: $15.00 USD\n${DUTIES_TEXT.notice}\n`);
    expect(mail.html.indexOf(DUTIES_TEXT.notice)).toBeGreaterThan(mail.html.indexOf("$15.00 USD"));
  });

  it("is not in the confirmation of an order to Poland or Germany, nor in other order e-mails", () => {
    for (const country of ["PL", "DE"]) {
      const mail = renderMail("order-confirmation", order(country), ctx);
      expect(mail.html, country).not.toContain("Import duties");
      expect(mail.text, country).not.toContain("Import duties");
    }
    for (const kind of ["order-shipped", "order-cancelled", "cancel-request-received"] as const) {
      const mail = renderMail(kind, order("US"), ctx);
      expect(mail.text, kind).not.toContain("Import duties");
    }
  });
});
