import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { type ReactNode } from "react";
import { type AccountLoyalty, LoyaltyTab } from "~/components/account/loyalty-tab";
import { type AccountOrder, OrdersTab } from "~/components/account/orders-tab";
import { ProfileForm, type ProfileValues } from "~/components/account/profile-tab";
import { UnsubscribePage } from "~/components/mail/unsubscribe-page";
import { I18nProvider } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { type Locale } from "~/i18n/locales";

// The account page's parts and the unsubscribe page in Polish, and their English unchanged.

function renderIn(locale: Locale, node: ReactNode, path = "/account") {
  const Stub = createRemixStub([{ path, Component: () => <I18nProvider value={i18nFor(locale)}>{node}</I18nProvider> }]);
  return render(<Stub initialEntries={[path]} />);
}

const order: AccountOrder = { id: 1234, status: "processing", totalCents: 1250, createdAt: "2026-11-28T12:00:00.000Z", confirmationToken: "tok" };

const nbsp = (s: string | null | undefined) => (s ?? "").replace(/\s/g, " ");

describe("the orders tab", () => {
  it("in Polish: headings, the order's number, a long Polish date and the amount in Polish notation", async () => {
    const { container } = renderIn("pl", <OrdersTab orders={[order]} />);
    expect(await screen.findByRole("heading", { name: "Twoje zamówienia" })).toBeInTheDocument();
    expect(screen.getByText("Zamówienie nr 1234")).toBeInTheDocument();
    expect(container.querySelector("time")?.textContent).toBe("28 listopada 2026");
    expect(nbsp(container.querySelector(".order-total")?.textContent)).toBe("12,50 USD");
    expect(container.querySelector(".order-row a")?.textContent).toBe("Szczegóły zamówienia nr 1234");
  });

  it("in English: exactly the shop's texts", async () => {
    const { container } = renderIn("en", <OrdersTab orders={[order]} />);
    expect(await screen.findByRole("heading", { name: "Your Orders" })).toBeInTheDocument();
    expect(screen.getByText("Order #1234")).toBeInTheDocument();
    expect(container.querySelector(".order-main .muted")?.textContent).toBe("Placed Nov 28, 2026");
    expect(container.querySelector(".order-total")?.textContent).toBe("$12.50");
    expect(container.querySelector(".order-row a")?.textContent).toBe("View Details of order #1234");
  });

  it("the empty state in Polish", async () => {
    renderIn("pl", <OrdersTab orders={[]} />);
    expect(await screen.findByRole("heading", { name: "Brak zamówień" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zacznij zakupy" })).toHaveAttribute("href", "/shop");
  });
});

function loyalty(pointsRequired: number, redeemable = 0): AccountLoyalty {
  return {
    points: 40,
    redeemable,
    config: {
      dollarsPerPoint: 1,
      minimumOrderForPoints: 0,
      discountExchange: { pointsRequired, discountAmount: 5, minimumOrderValue: 25 },
    } as AccountLoyalty["config"],
    history: [{ id: 1, eventType: "order_gain", description: "Earned on order #12", points: 3, pointsAfter: 40, createdAt: "2026-11-28T12:00:00.000Z" }],
  };
}

describe("the loyalty tab", () => {
  it("counts points with Polish plurals: 1 punkt, 2 punkty, 5 punktów", async () => {
    for (const [n, words] of [
      [1, "1 punkt"],
      [2, "2 punkty"],
      [5, "5 punktów"],
      [22, "22 punkty"],
      [25, "25 punktów"],
    ] as const) {
      const { container, unmount } = renderIn("pl", <LoyaltyTab loyalty={loyalty(n)} />);
      await screen.findByRole("heading", { name: "Punkty lojalnościowe" });
      expect(nbsp(container.querySelector(".loyalty > p.muted")?.textContent)).toBe(`Zbierz ${words}, aby wykorzystać pierwszy rabat 5,00 USD.`);
      unmount();
    }
  });

  it("the discounts she can redeem, the history's entry and its label in Polish", async () => {
    const { container } = renderIn("pl", <LoyaltyTab loyalty={loyalty(100, 2)} />);
    await screen.findByRole("heading", { name: "Punkty lojalnościowe" });
    expect(nbsp(container.querySelector(".loyalty > p.muted")?.textContent)).toBe("Przy składaniu zamówienia możesz wykorzystać 2 rabaty po 5,00 USD.");
    expect(screen.getByText("Naliczone")).toBeInTheDocument();
    expect(screen.getByText("Naliczone za zamówienie nr 12")).toBeInTheDocument();
    expect(container.querySelector(".history-meta")?.textContent).toBe("28 listopada 2026 · Saldo: 40");
  });

  it("in English: the same sentences as before", async () => {
    const { container } = renderIn("en", <LoyaltyTab loyalty={loyalty(100, 1)} />);
    await screen.findByRole("heading", { name: "Loyalty Points" });
    expect(container.querySelector(".loyalty > p.muted")?.textContent).toBe("You can redeem 1 discount of $5.00 at checkout.");
    expect(screen.getByText("Earn 1 point for every $1.00 spent.")).toBeInTheDocument();
    expect(screen.getByText("100 points = $5.00 off orders of $25.00 or more.")).toBeInTheDocument();
    expect(screen.getByText("Earned on order #12")).toBeInTheDocument();
    expect(container.querySelector(".history-meta")?.textContent).toBe("Nov 28, 2026 · Balance: 40");
  });
});

const profile = Object.fromEntries(
  [
    "email",
    "firstName",
    "lastName",
    "shippingFirstName",
    "shippingLastName",
    "shippingAddressLine1",
    "shippingAddressLine2",
    "shippingCity",
    "shippingState",
    "shippingPostalCode",
    "shippingCountry",
  ].map((n) => [n, null]),
) as ProfileValues;

describe("the profile form", () => {
  it("shows a field's limit and the save's refusal in Polish", async () => {
    const reply = {
      intent: "update-profile" as const,
      result: { initialValue: { email: "ada@example.com", firstName: "x".repeat(101) }, error: { firstName: ["At most 100 characters"] } },
      failure: { title: "Update failed", description: "Your current password is not correct", type: "error" as const },
    };
    renderIn(
      "pl",
      <ProfileForm profile={profile} reply={reply} countries={[{ code: "PL", name: "Polska" }]} emailProof="password" constraints={{} as never} />,
    );
    expect(await screen.findByRole("heading", { name: "Edycja profilu" })).toBeInTheDocument();
    expect(screen.getByText("Maksymalnie 100 znaków")).toBeInTheDocument();
    expect(screen.getByLabelText("Imię")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Nie udało się zapisać zmian")).toBeInTheDocument();
    expect(screen.getByText("Obecne hasło jest nieprawidłowe")).toBeInTheDocument();
    expect(screen.getByLabelText("Obecne hasło (tylko przy zmianie adresu e-mail)")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Zapisz zmiany" })).toBeInTheDocument();
  });

  it("keeps the English error as the schema wrote it on an English page", async () => {
    const reply = { intent: "update-profile" as const, result: { error: { firstName: ["At most 100 characters"] } }, failure: null };
    renderIn("en", <ProfileForm profile={profile} reply={reply} countries={[]} emailProof="none" constraints={{} as never} />);
    expect(await screen.findByText("At most 100 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("First Name")).toBeInTheDocument();
    expect(screen.getByText(/first set a password on the/)).toHaveTextContent(
      "To change your e-mail address, first set a password on the Sign-in & Security page.",
    );
  });
});

describe("the unsubscribe page", () => {
  it("asks and answers in Polish, the domain's outcome included", async () => {
    const question = (email: ReactNode) => i18nFor("pl").rich("privacy.unsubscribe.stockQuestion", { email });
    const props = { heading: "E-maile o ponownej dostępności", question, token: "t", email: "ada@example.com" };
    const texts = { unsubscribedText: "You will get no more back-in-stock e-mails for this address.", invalidText: "This unsubscribe link is not valid." };
    const { unmount } = renderIn("pl", <UnsubscribePage {...props} {...texts} answer={undefined} />, "/back-in-stock/unsubscribe");
    expect(await screen.findByRole("button", { name: "Wypisz się" })).toBeInTheDocument();
    expect(screen.getByText(/Przestać wysyłać na/)).toHaveTextContent("Przestać wysyłać na ada@example.com wszystkie e-maile o ponownej dostępności?");
    unmount();
    renderIn("pl", <UnsubscribePage {...props} {...texts} answer={{ done: true, error: null }} />, "/back-in-stock/unsubscribe");
    expect(await screen.findByText("Wypisano")).toBeInTheDocument();
    expect(screen.getByText("Na ten adres nie będą już wysyłane e-maile o ponownej dostępności.")).toBeInTheDocument();
  });
});
