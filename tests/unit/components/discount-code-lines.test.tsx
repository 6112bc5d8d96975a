import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { type ReactNode } from "react";
import { DiscountCodeField } from "~/components/checkout/discount-code";
import { checkoutFigures, CheckoutTotals } from "~/components/checkout/order-summary";
import { OrderTotals } from "~/components/orders/order-parts";
import { DISCOUNT_TEXT } from "~/domain/discounts/texts";
import { type MailDataByKind, renderMail } from "~/domain/mail/templates";
import { chromeMessages } from "~/i18n/catalogue.server";
import { chromeI18n, I18nProvider, type ShopI18n } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { type Locale } from "~/i18n/locales";

// The discount code's line beside the loyalty discount's, wherever an order's totals show: the
// checkout summary, the order pages and the admin's order (one component), and the e-mails; the
// checkout's field in both languages.

function renderWith(i18n: ShopI18n, node: ReactNode, path = "/checkout") {
  const Stub = createRemixStub([{ path, Component: () => <I18nProvider value={i18n}>{node}</I18nProvider> }]);
  return render(<Stub initialEntries={[path]} />);
}
const renderIn = (locale: Locale, node: ReactNode) => renderWith(i18nFor(locale), node);

const stored = {
  subtotalCents: 4000,
  shippingCents: 800,
  shippingName: "Standard Shipping",
  discountCode: "SPRING10",
  discountCents: 400,
  loyaltyDiscountCents: 500,
  loyaltyPointsUsed: 50,
  totalCents: 3900,
};

describe("the checkout summary", () => {
  it("adds the code's line before the points', the points after the code, in English and Polish", async () => {
    const figures = checkoutFigures({
      items: [{ priceCents: 4000, quantity: 1 }],
      shipping: { name: "Standard Shipping", description: "", priceCents: 800 },
      loyalty: { eligible: true, pointsRequired: 50, discountCents: 500 },
      useLoyaltyPoints: true,
      code: { code: "SPRING10", type: "percent", value: 10 },
    });
    expect(figures.totals).toMatchObject({ discountCents: 400, loyaltyDiscountCents: 500, totalCents: 3900 });
    renderIn(
      "en",
      <dl>
        <CheckoutTotals figures={figures} />
      </dl>,
    );
    const labels = (await screen.findAllByRole("term")).map((dt) => dt.textContent);
    expect(labels).toEqual(["Subtotal", "Shipping (Standard Shipping)", "Discount code SPRING10", "Loyalty discount (50 points)", "Total"]);
    expect(screen.getByTestId("summary-code")).toHaveTextContent("-$4.00");
    document.body.innerHTML = "";
    renderIn(
      "pl",
      <dl>
        <CheckoutTotals figures={figures} />
      </dl>,
    );
    expect(await screen.findByText("Kod rabatowy SPRING10")).toBeInTheDocument();
  });

  it("the field: its rule before she pays, an applied code with Remove, a refusal as the field's error, in Polish", async () => {
    renderIn(
      "pl",
      <DiscountCodeField
        value="spring10"
        code={{ typed: "spring10", applied: "SPRING10", error: null, terms: { code: "SPRING10", type: "percent", value: 10 } }}
        error={null}
      />,
    );
    const field = await screen.findByLabelText("Kod rabatowy");
    expect(field).toHaveValue("spring10");
    expect(field).toHaveAttribute("form", "checkout");
    expect(field).toHaveAccessibleDescription("Jeden kod rabatowy na zamówienie. Można go łączyć z punktami lojalnościowymi: najpierw kod, potem punkty.");
    expect(screen.getByText(/Zastosowano kod rabatowy SPRING10\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Usuń" })).toHaveAttribute("value", "remove-code");
    expect(screen.getByRole("button", { name: "Zastosuj" })).toHaveAttribute("value", "totals");
    document.body.innerHTML = "";

    renderIn("pl", <DiscountCodeField value="OLD2025" code={null} error={DISCOUNT_TEXT.expired("2025-12-31")} />);
    const refused = await screen.findByLabelText("Kod rabatowy");
    expect(refused).toHaveAttribute("aria-invalid", "true");
    expect(refused).toHaveAccessibleDescription(expect.stringContaining("Ten kod rabatowy wygasł 2025-12-31."));
    expect(screen.queryByRole("button", { name: "Usuń" })).toBeNull();
    document.body.innerHTML = "";

    renderIn("pl", <DiscountCodeField value="BIG" code={null} error={DISCOUNT_TEXT.belowMinimum(5000, 1250)} />);
    expect(await screen.findByText("Ten kod rabatowy wymaga zamówienia za co najmniej $50.00. Dodaj produkty za $12.50.")).toBeInTheDocument();
  });
});

describe("an order's totals (confirmation, order details, the admin's order)", () => {
  it("show the code's line with what it took off, in the shop's languages and the admin's plain English", async () => {
    renderIn("en", <OrderTotals order={stored} />);
    expect(await screen.findByText("Discount code SPRING10")).toBeInTheDocument();
    expect(screen.getByText("Discount code SPRING10").nextElementSibling).toHaveTextContent("-$4.00");
    document.body.innerHTML = "";
    renderIn("pl", <OrderTotals order={stored} />);
    expect(await screen.findByText("Kod rabatowy SPRING10")).toBeInTheDocument();
    document.body.innerHTML = "";
    const admin = renderWith(chromeI18n(chromeMessages()), <OrderTotals order={stored} />, "/admin/orders/1");
    expect(await within(admin.container).findByText("Discount code SPRING10")).toBeInTheDocument();
  });

  it("no code, no line", async () => {
    renderIn("en", <OrderTotals order={{ ...stored, discountCode: null, discountCents: 0, totalCents: 4300 }} />);
    expect(await screen.findByText("Subtotal")).toBeInTheDocument();
    expect(screen.queryByText(/Discount code/)).toBeNull();
  });
});

describe("the order e-mails", () => {
  const order: MailDataByKind["order-confirmation"] = {
    orderId: 7,
    token: "tok",
    email: "b@example.com",
    firstName: "Ada",
    lastName: "L",
    items: [{ title: "Dress", colorName: null, variationName: null, quantity: 1, unitPrice: "40.00", price: "40.00" }],
    subtotal: "40.00",
    shippingCost: "8.00",
    shippingName: "Standard Shipping",
    loyaltyDiscount: "5.00",
    loyaltyPointsUsed: 50,
    discount: { code: "SPRING10", amount: "4.00" },
    total: "39.00",
    address: { firstName: "Ada", lastName: "L", addressLine1: "1 Way", addressLine2: null, city: "Paris", state: null, postalCode: "75001", country: "FR" },
    customerMessage: null,
    trackingNumber: null,
  };
  const ctx = { storeName: "Little Stitches", appUrl: "https://shop.example", shopEmail: "hello@example.com" };

  it("carry the code's line above the loyalty discount's, in English and Polish, HTML and text", () => {
    const en = renderMail("order-confirmation", order, ctx);
    expect(en.html).toContain("Discount code SPRING10");
    expect(en.html).toContain("−$4.00");
    expect(en.text).toContain("Discount code SPRING10: -$4.00");
    expect(en.text.indexOf("Discount code SPRING10")).toBeLessThan(en.text.indexOf("Loyalty discount (50 points)"));
    const pl = renderMail("order-confirmation", order, ctx, "pl");
    expect(pl.html).toContain("Kod rabatowy SPRING10");
    expect(pl.text).toMatch(/Kod rabatowy SPRING10: -4,00\sUSD/);
    // The owner's alert too (English).
    expect(renderMail("owner-new-order", order, ctx).text).toContain("Discount code SPRING10");
  });

  it("an e-mail queued before codes (no `discount`) shows no line", () => {
    const { discount: _none, ...old } = order;
    expect(renderMail("order-confirmation", old, ctx).text).not.toContain("Discount code");
  });
});
