import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { type ReactNode } from "react";
import { QuantityControls, RemoveItemForm } from "~/components/cart/cart-forms";
import { CartTotalsList } from "~/components/cart/cart-summary";
import { checkoutFigures, CheckoutTotals } from "~/components/checkout/order-summary";
import { TermsField } from "~/components/checkout/sections";
import { ConfirmationView } from "~/components/orders/confirmation-view";
import { StatusBadge } from "~/components/orders/order-parts";
import { WithdrawalSummary } from "~/components/withdrawals/withdrawal-summary";
import { type OrderPageOrder } from "~/domain/orders/page-data";
import { chromeMessages } from "~/i18n/catalogue.server";
import { chromeI18n, I18nProvider } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { type Locale } from "~/i18n/locales";
import { CONFIRM_ATTRIBUTE } from "~/lib/behavior-contract";

// The cart, checkout, order and withdrawal parts in Polish, and their English unchanged.

function renderIn(locale: Locale, node: ReactNode, path = "/cart", rate: number | null = null) {
  const i18n = i18nFor(locale, rate ? { mid: rate } : null);
  const Stub = createRemixStub([{ path, Component: () => <I18nProvider value={i18n}>{node}</I18nProvider> }]);
  return render(<Stub initialEntries={[path]} />);
}

const nbsp = (s: string | null | undefined) => (s ?? "").replace(/\s/g, " ");

const totals = { subtotalCents: 2400, shippingCents: 0, shippingName: "Free Shipping", totalCents: 2400, freeShipping: null };

const order: OrderPageOrder = {
  id: 1042,
  email: "klara@example.com",
  status: "paid",
  statusLabel: "Payment Received",
  createdAt: "2026-11-28T12:00:00.000Z",
  trackingNumber: null,
  customerMessage: null,
  shippingAddress: {
    firstName: "Klara",
    lastName: "Nowak",
    addressLine1: "ul. Koronkowa 12",
    addressLine2: null,
    city: "Kraków",
    state: null,
    postalCode: "30-001",
    country: "PL",
    countryName: "Polska",
  },
  items: [
    {
      id: 1,
      title: "Sukienka",
      slug: "sukienka",
      quantity: 2,
      unitCents: 1200,
      lineCents: 2400,
      colorName: null,
      variationName: null,
      imageUrl: null,
      imageWidth: null,
      returnedQuantity: 0,
      madeToOrderDays: null,
      isPersonalised: false,
    },
  ],
  links: { confirmation: "/order/1042/confirmation?token=t", details: "/order-details/1042?token=t", payment: "/order/1042/payment?token=t" },
  declineReason: null,
  refunds: [],
  withdrawal: null,
  canWithdraw: true,
  expectedShipDate: null,
  subtotalCents: 2400,
  shippingCents: 500,
  shippingName: "Standard Shipping",
  loyaltyDiscountCents: 0,
  loyaltyPointsUsed: 0,
  discountCode: null,
  discountCents: 0,
  totalCents: 2900,
};

describe("the cart's parts", () => {
  it("in Polish: totals in Polish notation with the indicative złoty amount, and the forms' labels and question", async () => {
    const { container } = renderIn(
      "pl",
      <>
        <CartTotalsList totals={{ ...totals, freeShipping: { fromCents: 5000, missingCents: 2600 } }} showMethod />
        <QuantityControls itemId={1} quantity={2} max={5} title="Sukienka" here="/cart" />
        <RemoveItemForm itemId={1} title="Sukienka" here="/cart" />
      </>,
      "/cart",
      4,
    );
    expect(await screen.findByText("Suma częściowa")).toBeInTheDocument();
    expect(screen.getByText("Razem")).toBeInTheDocument();
    expect(screen.getByText("Gratis")).toBeInTheDocument();
    expect(nbsp(container.querySelector(".grand dd")?.textContent)).toBe("24,00 USD ok. 96,00 zł");
    expect(nbsp(screen.getByTestId("free-shipping-nudge").textContent)).toBe("Darmowa wysyłka od 50,00 USD. Brakuje jeszcze 26,00 USD");
    expect(screen.getByRole("button", { name: "Zmniejsz ilość: Sukienka" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Usuń: Sukienka" })).toHaveTextContent("Usuń");
    expect(container.querySelector(`form[${CONFIRM_ATTRIBUTE}]`)?.getAttribute(CONFIRM_ATTRIBUTE)).toBe("Czy na pewno chcesz usunąć ten produkt z koszyka?");
  });

  it("in English: as before, and the same with the admin's plain chrome messages", async () => {
    const { container } = renderIn(
      "en",
      <CartTotalsList totals={{ ...totals, shippingCents: 500, shippingName: "Standard Shipping", totalCents: 2900 }} showMethod />,
    );
    expect(await screen.findByText("Subtotal")).toBeInTheDocument();
    expect(screen.getByText("Shipping (Standard Shipping)")).toBeInTheDocument();
    expect(container.querySelector(".grand dd")?.textContent).toBe("$29.00");
    const admin = render(
      <I18nProvider value={chromeI18n(chromeMessages())}>
        <StatusBadge status="paid" label="Payment Received" />
        <CartTotalsList totals={totals} />
      </I18nProvider>,
    );
    const inAdmin = within(admin.container);
    expect(inAdmin.getByText("Payment Received")).toBeInTheDocument();
    expect(inAdmin.getByText("Free")).toBeInTheDocument();
    expect(inAdmin.getByText("Total")).toBeInTheDocument();
  });
});

describe("checkout's parts", () => {
  it("in Polish: totals, the rate's name and the terms with a link to the Polish terms", async () => {
    const figures = checkoutFigures({
      items: [{ priceCents: 2400, quantity: 1 }],
      shipping: { name: "Standard Shipping", description: "", priceCents: 500 },
      loyalty: { eligible: true, pointsRequired: 50, discountCents: 300 },
      useLoyaltyPoints: true,
    });
    const form = { value: () => undefined, error: () => "You must agree to the terms and conditions", constraint: () => ({}) };
    renderIn(
      "pl",
      <>
        <dl>
          <CheckoutTotals figures={figures} />
        </dl>
        <TermsField form={form} />
      </>,
      "/checkout",
    );
    expect(await screen.findByText("Wysyłka (Wysyłka standardowa)")).toBeInTheDocument();
    expect(screen.getByText("Rabat za punkty (50 pkt)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "regulamin" })).toHaveAttribute("href", "/pl/terms-conditions");
    expect(screen.getByText("Musisz zaakceptować regulamin")).toBeInTheDocument();
  });
});

describe("the order confirmation", () => {
  it("in Polish: 'Zamówienie potwierdzone', the status as a Polish label, a Polish date and the withdrawal card", async () => {
    const { container } = renderIn("pl", <ConfirmationView data={{ state: "ok", order, shippingTime: "1–3 dni roboczych" }} />, "/order/1042/confirmation");
    expect(await screen.findByRole("heading", { level: 1, name: "Zamówienie potwierdzone" })).toBeInTheDocument();
    expect(screen.getByText("Płatność otrzymana")).toBeInTheDocument();
    expect(screen.getByText("Zamówienie nr 1042 · 28 listopada 2026")).toBeInTheDocument();
    expect(screen.getByText("Każdy element sprawdzamy i starannie pakujemy. Zamówienia wysyłamy w ciągu 1–3 dni roboczych.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Odstąpienie od umowy" })).toBeInTheDocument();
    expect(container.querySelector(".order-support")?.textContent).toBe("Masz pytania dotyczące zamówienia? Napisz do nas na hello@example.com.");
    expect(container.textContent).not.toMatch(/Order Confirmed|Shipping Address|Continue Shopping/);
  });

  it("in English: 'Order Confirmed!' and the order's number and date as before", async () => {
    renderIn("en", <ConfirmationView data={{ state: "ok", order, shippingTime: "1–3 business days" }} />, "/order/1042/confirmation");
    expect(await screen.findByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeInTheDocument();
    expect(screen.getByText("Order #1042 · November 28, 2026")).toBeInTheDocument();
    expect(screen.getByText("Payment Received")).toBeInTheDocument();
  });
});

describe("the withdrawal summary", () => {
  it("in Polish: labels and the total paid", async () => {
    const summary = {
      id: 1042,
      createdAt: "2026-11-28T12:00:00.000Z",
      statusLabel: "Payment Received",
      shipped: false,
      totalCents: 2900,
      shippingCents: 500,
      items: [],
    };
    renderIn("pl", <WithdrawalSummary summary={summary} name="Klara Nowak" statement="Odstępuję od umowy." />, "/withdrawal");
    expect(await screen.findByText("Numer zamówienia")).toBeInTheDocument();
    expect(screen.getByText("Zapłacono łącznie (z wysyłką)")).toBeInTheDocument();
    expect(screen.getByText("Twoje oświadczenie")).toBeInTheDocument();
    expect(screen.getByText("28 listopada 2026")).toBeInTheDocument();
  });
});
