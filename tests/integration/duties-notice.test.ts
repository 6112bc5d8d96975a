import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { addToCart } from "~/domain/cart/cart.server";
import { DUTIES_TEXT } from "~/domain/orders/duties";
import { type PaymentPageData } from "~/domain/payments/page-data";
import { PaymentView } from "~/components/orders/payment-view";
import { CHECKOUT_SUBMIT_LABEL, DUTIES_NOTICE_ATTRIBUTE } from "~/lib/behavior-contract";
import { db } from "~/lib/db.server";
import CheckoutPage, { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as paymentLoader } from "~/routes/order.$id.payment";
import { getSessionStorage } from "~/web/session.server";
import { makeProduct } from "../helpers/kit";
import { call, get, postForm } from "../helpers/requests";

// The import duties notice above the pay buttons, as the server draws it (what a browser without
// JavaScript shows): on checkout for the country the page knows, on the payment page for the
// order's own country.

afterAll(() => db.destroy());

const NOTICE = DUTIES_TEXT.notice;
let carts = 0;

async function guestCart(): Promise<string> {
  const product = await makeProduct(db, { priceCents: 2000, stock: 5 });
  const cartKey = `duties-${++carts}-${Date.now()}`;
  await addToCart(db, { cartKey }, { productId: product.id, quantity: 1 });
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("cartKey", cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

function render(id: string, path: string, Component: ComponentType, loaderData: unknown, actionData?: unknown): string {
  const Stub = createRemixStub([{ id, path: path.split("?")[0]!.replace(/\/\d+\//, "/:id/"), Component }]);
  const report = console.error;
  // The stub's router uses useLayoutEffect, which React warns about on the server; only that warning is dropped.
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
  };
  try {
    return renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { [id]: loaderData }, actionData: actionData ? { [id]: actionData } : undefined },
      }),
    );
  } finally {
    console.error = report;
  }
}

/** The notice's <p> as rendered, or null. */
function noticeTag(html: string): string | null {
  return /<p[^>]*data-testid="duties-notice"[^>]*>/.exec(html)?.[0] ?? null;
}

async function checkoutHtml(cookie: string, query = "", actionData?: unknown) {
  const data = await (await call(checkoutLoader, get(`/checkout${query}`, { cookie }))).json();
  return render("checkout", "/checkout", CheckoutPage, data, actionData);
}

const ADDRESS = { email: "clara@example.com", firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Springfield", postalCode: "12345" };

describe("checkout's import duties notice", () => {
  it("is shown above the order button for a country outside the EU the page knows", async () => {
    const cookie = await guestCart();
    const html = await checkoutHtml(cookie, "?country=US");
    const tag = noticeTag(html);
    expect(tag).not.toBeNull();
    expect(tag).not.toContain("hidden");
    // The browser module follows the country select through this attribute.
    expect(tag).toContain(DUTIES_NOTICE_ATTRIBUTE);
    expect(html).toContain(NOTICE);
    const at = html.indexOf(NOTICE);
    expect(at).toBeGreaterThan(html.indexOf("terms and conditions"));
    expect(at).toBeLessThan(html.indexOf(CHECKOUT_SUBMIT_LABEL.replace("&", "&amp;")));
  });

  it("is in the markup but hidden for an EU country, and while no country is chosen", async () => {
    const cookie = await guestCart();
    for (const query of ["?country=PL", "?country=DE", "", "?country=XX"]) {
      const tag = noticeTag(await checkoutHtml(cookie, query));
      expect(tag, query).not.toBeNull();
      expect(tag, query).toMatch(/\bhidden=""/);
    }
  });

  it("follows the country sent with a refused order (no JavaScript)", async () => {
    const cookie = await guestCart();
    for (const [country, shown] of [
      ["US", true],
      ["CH", true],
      ["DE", false],
    ] as const) {
      // No terms ticked: the form comes back with its errors and the country chosen.
      const res = await call(checkoutAction, postForm("/checkout", { ...ADDRESS, country }, { cookie }));
      expect(res.status).toBe(400);
      const tag = noticeTag(await checkoutHtml(cookie, "", await res.json()));
      expect(tag, country).not.toBeNull();
      expect(/\bhidden=""/.test(tag!), country).toBe(!shown);
    }
  });
});

describe("the payment page's import duties notice", () => {
  async function placedOrder(country: string) {
    const cookie = await guestCart();
    const res = await call(checkoutAction, postForm("/checkout", { ...ADDRESS, country, agreeToTerms: "on" }, { cookie }));
    const id = /^\/order\/(\d+)\/payment$/.exec(res.headers.get("Location") ?? "")?.[1];
    expect(id, `placed to ${country}: ${res.status}`).toBeDefined();
    const data = (await (await call(paymentLoader, get(`/order/${id}/payment`, { cookie, accept: "text/html" }), { id: id! })).json()) as PaymentPageData;
    expect(data.state).toBe("unpaid");
    if (data.state !== "unpaid") throw new Error("not unpaid");
    // The page as it is with PayPal set up (the test database has no PayPal settings).
    const page = { ...data, paypal: { configured: true, mode: "emulator" as const, clientId: "emulator-client" } };
    return { data, html: render("payment", `/order/${id}/payment`, PaymentView, page) };
  }

  it("names import duties above Pay with PayPal for an order to the United States", async () => {
    const { data, html } = await placedOrder("US");
    expect(data.state === "unpaid" && data.order.country).toBe("US");
    const tag = noticeTag(html);
    expect(tag).not.toBeNull();
    // The order's country is settled: nothing to follow, nothing hidden.
    expect(tag).not.toContain("hidden");
    expect(tag).not.toContain(DUTIES_NOTICE_ATTRIBUTE);
    expect(html.indexOf(NOTICE)).toBeLessThan(html.indexOf("Pay with PayPal"));
  });

  it("says nothing of duties for an order to Poland or Germany", async () => {
    for (const country of ["PL", "DE"]) {
      const { html } = await placedOrder(country);
      expect(html, country).toContain("Pay with PayPal");
      expect(html, country).not.toContain(NOTICE);
    }
  });
});
