import { mailName } from "~/domain/mail/names";
import { type MailDataByKind, renderMail } from "~/domain/mail/templates";

// Mail to an address the requester typed (registration, forgot password, an e-mail change, a
// withdrawal receipt) carries no free text the requester chose: names are cut to letters.
const ctx = { storeName: "Little Stitches", appUrl: "https://shop.example", shopEmail: "hello@example.com" };
const HOSTILE = "Win a prize at evil.com/claim http://x.io 100% free!! <b>now</b>";

describe("names in e-mails", () => {
  it("keeps letters of any script, marks, spaces, apostrophes and hyphens, and nothing else", () => {
    expect(mailName("  Zoë  O’Neil-Smith ")).toBe("Zoë O’Neil-Smith");
    expect(mailName("Łucja d'Arc")).toBe("Łucja d'Arc");
    expect(mailName("山田 太郎")).toBe("山田 太郎");
    expect(mailName("देवनागरी")).toBe("देवनागरी");
    expect(mailName("evil.com")).toBe("evilcom");
    expect(mailName("Ann\nVisit\twww.evil.com")).toBe("Ann Visit wwwevilcom");
    expect(mailName("x".repeat(500))).toHaveLength(60);
    expect(mailName(null)).toBe("");
  });

  const samples: { [K in "welcome" | "verify-email" | "password-reset" | "email-changed" | "account-delete-link"]: MailDataByKind[K] } = {
    welcome: { firstName: HOSTILE },
    "verify-email": { firstName: HOSTILE, token: "t" },
    "password-reset": { firstName: HOSTILE, token: "t", firstPassword: false },
    "email-changed": { firstName: HOSTILE, newEmail: "new@example.com", token: "t" },
    "account-delete-link": { firstName: HOSTILE, token: "t" },
  };
  for (const [kind, data] of Object.entries(samples)) {
    it(`${kind}: a hostile first name never becomes a link or a sentence with a host`, () => {
      const mail = renderMail(kind as keyof typeof samples, data as never, ctx);
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain("evil.com");
        expect(body).not.toContain("x.io");
        expect(body).not.toMatch(/<b>now/);
      }
      expect(mail.text).toContain("Dear Win a prize at evilcomclaim httpxio free bnowb,");
    });
  }

  it("the confirmation sent to a new address carries nothing the requester typed", () => {
    const mail = renderMail("email-change-confirm", { token: "abc" }, ctx);
    expect(mail.text).toContain("https://shop.example/confirm-email-change?token=abc");
    expect(mail.text).not.toContain("Dear");
  });

  it("a withdrawal receipt shows the typed name cut to letters and leaves the statement out", () => {
    const order = {
      orderId: 7,
      token: "tok",
      email: "b@example.com",
      firstName: "Ada",
      lastName: "L",
      items: [],
      subtotal: "1.00",
      shippingCost: "0.00",
      shippingName: "Standard Shipping",
      loyaltyDiscount: "0.00",
      loyaltyPointsUsed: 0,
      total: "1.00",
      address: { firstName: "Ada", lastName: "L", addressLine1: "1 Way", addressLine2: null, city: "Paris", state: null, postalCode: "75001", country: "FR" },
      customerMessage: null,
      trackingNumber: null,
    };
    const mail = renderMail(
      "withdrawal-received",
      { ...order, name: HOSTILE, statement: "Call +1 555 0100 or visit evil.com", receivedAt: "2026-11-26T10:15:00.000Z", shipped: false, returnAddress: [] },
      ctx,
    );
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("evil.com");
      expect(body).not.toContain("555");
    }
  });
});
