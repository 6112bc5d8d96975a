import { type MailDataByKind, renderMail } from "~/domain/mail/templates";
import { productCardHtml } from "~/components/product/card-html";
import { addBusinessDays, expectedShipDate, formatShipDate, leadTimeWeeks, madeToOrderText, shipDateSentence } from "~/domain/catalogue/made-to-order";
import { i18nFor } from "~/i18n/i18n.server";

describe("business days", () => {
  it("counts Monday to Friday only, starting the day after", () => {
    // 2026-11-30 is a Monday.
    expect(addBusinessDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addBusinessDays("2026-11-30", 4)).toBe("2026-12-04");
    expect(addBusinessDays("2026-11-30", 5)).toBe("2026-12-07");
    expect(addBusinessDays("2026-11-30", 10)).toBe("2026-12-14");
  });
  it("jumps a weekend from Friday, Saturday and Sunday", () => {
    expect(addBusinessDays("2026-12-04", 1)).toBe("2026-12-07"); // Friday → Monday
    expect(addBusinessDays("2026-12-05", 1)).toBe("2026-12-07"); // Saturday → Monday
    expect(addBusinessDays("2026-12-06", 1)).toBe("2026-12-07"); // Sunday → Monday
    expect(addBusinessDays("2026-12-05", 5)).toBe("2026-12-11"); // Saturday + a working week → Friday
  });
  it("crosses month and year ends and leap days", () => {
    expect(addBusinessDays("2026-11-27", 2)).toBe("2026-12-01"); // Friday in November → Tuesday in December
    expect(addBusinessDays("2026-12-31", 1)).toBe("2027-01-01"); // Thursday → Friday, a new year
    expect(addBusinessDays("2027-12-31", 1)).toBe("2028-01-03"); // Friday → Monday of the next year
    expect(addBusinessDays("2028-02-25", 3)).toBe("2028-03-01"); // over 29 February
    expect(addBusinessDays("2026-02-27", 1)).toBe("2026-03-02");
  });
  it("keeps the day for zero days and refuses nonsense", () => {
    expect(addBusinessDays("2026-12-05", 0)).toBe("2026-12-05");
    expect(() => addBusinessDays("5 December", 1)).toThrow();
    expect(() => addBusinessDays("2026-12-05", -1)).toThrow();
    expect(() => addBusinessDays("2026-12-05", 1.5)).toThrow();
  });
  it("takes the longest lead time of the made-to-order lines and none for ready pieces", () => {
    const lines = [
      { madeToOrder: false, leadTimeDays: 30 },
      { madeToOrder: true, leadTimeDays: 3 },
      { madeToOrder: true, leadTimeDays: 5 },
    ];
    expect(expectedShipDate("2026-11-30", lines)).toBe("2026-12-07");
    expect(expectedShipDate("2026-11-30", [{ madeToOrder: false, leadTimeDays: 30 }])).toBeNull();
  });
});

describe("made-to-order texts", () => {
  it("rounds the lead time up to whole weeks", () => {
    expect(leadTimeWeeks(1)).toBe(1);
    expect(leadTimeWeeks(7)).toBe(1);
    expect(leadTimeWeeks(8)).toBe(2);
    expect(leadTimeWeeks(21)).toBe(3);
    expect(leadTimeWeeks(365)).toBe(53);
  });
  it("says week for one and weeks otherwise", () => {
    expect(madeToOrderText(5)).toBe("Made to order: ships within 1 week");
    expect(madeToOrderText(7)).toBe("Made to order: ships within 1 week");
    expect(madeToOrderText(10)).toBe("Made to order: ships within 2 weeks");
    expect(madeToOrderText(28)).toBe("Made to order: ships within 4 weeks");
  });
  it("formats the ship date like the order dates and names the mixed parcel", () => {
    expect(formatShipDate("2026-12-14")).toBe("December 14, 2026");
    expect(shipDateSentence("December 14, 2026", true)).toBe("Your order ships in one parcel when the made-to-order piece is ready, around December 14, 2026.");
    expect(shipDateSentence("December 14, 2026", false)).toContain("around December 14, 2026");
  });
});

describe("a made-to-order card", () => {
  const card = { id: 9, title: "Sewn Cape", slug: "sewn-cape", priceCents: 4200, stock: 0, hasOptions: false, category: null, image: null };
  it("at stock 0 says when it ships and can be added, instead of 'Sold out'", () => {
    const markup = productCardHtml({ ...card, madeToOrderDays: 10 }, { eager: false, redirectTo: "/shop", i18n: i18nFor("en") });
    expect(markup).toContain("Made to order: ships within 2 weeks");
    expect(markup).toContain('action="/cart"');
    expect(markup).not.toContain("Sold out");
    expect(markup).not.toContain("Out of Stock");
  });
  it("without room (or not made to order) is sold out as before", () => {
    const markup = productCardHtml(card, { eager: false, redirectTo: "/shop", i18n: i18nFor("en") });
    expect(markup).toContain("Sold out");
    expect(markup).toContain("Out of Stock");
    expect(markup).not.toContain("Made to order");
  });
});

describe("the order e-mail of made-to-order pieces", () => {
  const ctx = { storeName: "Little Stitches Atelier", appUrl: "https://shop.example", shopEmail: "hello@example.com" };
  const base: MailDataByKind["order-confirmation"] = {
    orderId: 8,
    token: "tok",
    email: "b@example.com",
    firstName: "Ada",
    lastName: "L",
    items: [
      { title: "Sewn Cape", colorName: null, variationName: null, quantity: 1, unitPrice: "42.00", price: "42.00", madeToOrderDays: 10, isPersonalised: true },
    ],
    subtotal: "42.00",
    shippingCost: "8.00",
    shippingName: "Standard Shipping",
    loyaltyDiscount: "0.00",
    loyaltyPointsUsed: 0,
    total: "50.00",
    address: { firstName: "Ada", lastName: "L", addressLine1: "1 Way", addressLine2: null, city: "Paris", state: null, postalCode: "75001", country: "FR" },
    customerMessage: null,
    trackingNumber: null,
    expectedShipDate: "2026-12-11",
  };
  it("gives the ship date, the weeks and the personalised note", () => {
    const mail = renderMail("order-confirmation", base, ctx);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Your made-to-order piece is expected to ship around December 11, 2026.");
      expect(body).toContain("Made to order: ships within 2 weeks");
      expect(body).toContain("Personalised: exempt from withdrawal");
    }
  });
  it("says a mixed order ships in one parcel", () => {
    const mixed = {
      ...base,
      items: [...base.items, { title: "Hat", colorName: null, variationName: null, quantity: 1, unitPrice: "9.00", price: "9.00", madeToOrderDays: null }],
    };
    expect(renderMail("order-confirmation", mixed, ctx).text).toContain(
      "Your order ships in one parcel when the made-to-order piece is ready, around December 11, 2026.",
    );
    expect(renderMail("order-confirmation", { ...base, expectedShipDate: null }, ctx).text).not.toContain("around");
  });
});
