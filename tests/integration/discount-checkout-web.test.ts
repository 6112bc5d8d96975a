import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { addToCart } from "~/domain/cart/cart.server";
import { DISCOUNT_TEXT } from "~/domain/discounts/texts";
import { db } from "~/lib/db.server";
import { type DiscountType } from "~/lib/db-schema/discounts";
import { action as ordersAction } from "~/routes/api.orders";
import CheckoutPage, { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { getSessionStorage } from "~/web/session.server";
import { makeProduct } from "../helpers/kit";
import { args, get, postForm, postJson, run } from "../helpers/requests";

// The checkout's discount code through its doors: the plain form's Apply and Remove (the page
// answered again), the browser module's totals answer, the order placed with the code, and
// POST /api/orders; a refused code is the field's error (in Polish on /pl) and creates nothing.

afterAll(() => db.destroy());

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 7)}`.toUpperCase();

async function makeCode(type: DiscountType, value: number, extra: { maxUses?: number; uses?: number } = {}): Promise<{ id: number; code: string }> {
  const code = `WEB${unique()}`.slice(0, 20);
  const row = await db
    .insertInto("discounts")
    .values({ code, type, value, max_uses: extra.maxUses ?? null, uses: extra.uses ?? 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/** A guest session with one $25.00 piece in its cart. */
async function guestCookie(): Promise<string> {
  const p = await makeProduct(db, { title: "Coded Bonnet", priceCents: 2500, stock: 10 });
  const cartKey = `code-web-${unique()}`;
  await addToCart(db, { cartKey }, { productId: p.id, quantity: 1 });
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("cartKey", cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

const FORM = {
  email: "coded@example.com",
  firstName: "Clara",
  lastName: "Bloom",
  addressLine1: "12 Lace Lane",
  addressLine2: "",
  city: "Paris",
  state: "",
  postalCode: "75001",
  country: "FR",
  agreeToTerms: "on",
};

const plain = (path: string, fields: Record<string, string>, cookie: string) => run(() => checkoutAction(args(postForm(path, fields, { cookie }))));
const forJson = (path: string, fields: Record<string, string>, cookie: string) =>
  run(() => checkoutAction(args(postForm(path, fields, { cookie, accept: "application/json" }))));

function renderPage(loaderData: unknown, actionData?: unknown): string {
  const Stub = createRemixStub([{ id: "checkout", path: "/checkout", Component: CheckoutPage }]);
  const report = console.error;
  console.error = (...a: unknown[]) => {
    if (!String(a[0]).includes("useLayoutEffect does nothing on the server")) report(...a);
  };
  try {
    return renderToString(
      createElement(Stub, {
        initialEntries: ["/checkout"],
        hydrationData: { loaderData: { checkout: loaderData }, actionData: actionData ? { checkout: actionData } : undefined },
      }),
    );
  } finally {
    console.error = report;
  }
}

const orderCount = async () =>
  Number(
    (
      await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("without JavaScript", () => {
  it("Apply answers the page with the code's line, the total less it, Remove and the rule; what was typed is kept", async () => {
    const { code } = await makeCode("amount", 400);
    const cookie = await guestCookie();
    const loaderData = await (await run(() => checkoutLoader(args(get("/checkout", { cookie }))))).json();
    const before = renderPage(loaderData);
    expect(before).toContain('name="discountCode"');
    expect(before).toContain(DISCOUNT_TEXT.combineRule);
    expect(before).not.toContain("summary-code");

    const res = await plain("/checkout", { ...FORM, discountCode: code.toLowerCase(), intent: "totals" }, cookie);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.code).toMatchObject({ applied: code, cents: 400, error: null });
    expect(data.result.error).toEqual({});
    const html = renderPage(loaderData, data);
    expect(html).toContain(`Discount code ${code}</dt>`);
    expect(html).toMatch(/data-testid="summary-code">-(<!-- -->)?\$4\.00</);
    const totalOf = (page: string) => Number(/data-testid="summary-total">\$([\d.]+)</.exec(page)![1]);
    const [total, totalBefore] = [totalOf(html), totalOf(before)];
    expect(Math.round((totalBefore - total) * 100)).toBe(400);
    expect(html).toContain(DISCOUNT_TEXT.applied(code));
    expect(html).toMatch(/<button type="submit" form="checkout" name="intent" value="remove-code" formnovalidate=""[^>]*>Remove<\/button>/);
    expect(html).toContain('value="Clara"');
    expect(html).toContain(`value="${code.toLowerCase()}"`);
    // The order's button still comes first, so Enter in the form never only applies.
    expect(html.indexOf("Create Order &amp; Proceed")).toBeLessThan(html.indexOf(">Apply<"));
  });

  it("a refused code is the field's error, in Polish on /pl/checkout, and changes no figure", async () => {
    const cookie = await guestCookie();
    const en = await (await plain("/checkout", { ...FORM, discountCode: "NOPE9999", intent: "totals" }, cookie)).json();
    expect(en.result.error).toEqual({ discountCode: [DISCOUNT_TEXT.unknown("NOPE9999")] });
    expect(en.code).toMatchObject({ applied: null, error: DISCOUNT_TEXT.unknown("NOPE9999") });
    const pl = await (await plain("/pl/checkout", { ...FORM, discountCode: "NOPE9999", intent: "totals" }, cookie)).json();
    expect(pl.result.error).toEqual({ discountCode: ["Kod rabatowy NOPE9999 nie istnieje."] });
    const html = renderPage(await (await run(() => checkoutLoader(args(get("/checkout", { cookie }))))).json(), en);
    expect(html).toMatch(/<p class="field-error" id="discountCode-error">The discount code NOPE9999 does not exist\.<\/p>/);
    expect(html).toContain('aria-describedby="discountCode-hint discountCode-error"');
    expect(html).not.toContain("summary-code");
  });

  it("Remove answers the page with the field empty and no code line", async () => {
    const { code } = await makeCode("percent", 10);
    const cookie = await guestCookie();
    const data = await (await plain("/checkout", { ...FORM, discountCode: code, intent: "remove-code" }, cookie)).json();
    expect(data.code).toBeNull();
    expect(data.result.initialValue.discountCode).toBe("");
    const html = renderPage(await (await run(() => checkoutLoader(args(get("/checkout", { cookie }))))).json(), data);
    expect(html).not.toContain(code);
    expect(html).toContain('value="Clara"');
  });

  it("the order placed with a refused code: the field's error, the code still shown, nothing created", async () => {
    const { code } = await makeCode("amount", 100, { maxUses: 1, uses: 1 });
    const cookie = await guestCookie();
    const before = await orderCount();
    const res = await plain("/checkout", { ...FORM, discountCode: code }, cookie);
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.result.error).toEqual({ discountCode: [DISCOUNT_TEXT.usedUp] });
    expect(data.code).toMatchObject({ error: DISCOUNT_TEXT.usedUp });
    expect(await orderCount()).toBe(before);
  });

  it("the order placed with an applied code carries it", async () => {
    const { code } = await makeCode("amount", 500);
    const cookie = await guestCookie();
    const res = await plain("/checkout", { ...FORM, discountCode: code, expectedSubtotal: "25.00" }, cookie);
    expect(res.status).toBe(302);
    const id = Number(/\/order\/(\d+)\/payment/.exec(res.headers.get("Location")!)![1]);
    const order = await db.selectFrom("orders").select(["discount_code", "discount_cents"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(order).toEqual({ discount_code: code, discount_cents: 500 });
  });
});

describe("the browser module's totals", () => {
  it("answers the code's line in the totals, the applied line with Remove, and a refusal in the page's language", async () => {
    const { code } = await makeCode("shipping", 0);
    const cookie = await guestCookie();
    const data = await (await forJson("/checkout", { ...FORM, discountCode: code, intent: "totals" }, cookie)).json();
    expect(data.figures.totals).toContain(`Discount code ${code}`);
    expect(data.figures.totals).toContain('data-testid="summary-code"');
    expect(data.figures.code).toContain(DISCOUNT_TEXT.applied(code));
    expect(data.figures.code).toContain('value="remove-code"');
    expect(data.figures.codeError).toBeNull();

    const removed = await (await forJson("/checkout", { ...FORM, discountCode: "", intent: "totals" }, cookie)).json();
    expect(removed.figures.totals).not.toContain("summary-code");
    expect(removed.figures.code).toBe("");

    const pl = await (await forJson("/pl/checkout", { ...FORM, discountCode: "AB", intent: "totals" }, cookie)).json();
    expect(pl.figures.codeError).toBe("Kod rabatowy ma od 4 do 20 znaków: litery A–Z i cyfry 0–9.");
    expect(pl.figures.totals).not.toContain("summary-code");
  });

  it("the order posted for JSON with a refused code: 400, the field's error in Polish, nothing created", async () => {
    const cookie = await guestCookie();
    const before = await orderCount();
    const res = await forJson("/pl/checkout", { ...FORM, discountCode: "NOPE7777" }, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).result.error).toEqual({ discountCode: ["Kod rabatowy NOPE7777 nie istnieje."] });
    expect(await orderCount()).toBe(before);
  });
});

describe("POST /api/orders", () => {
  const PAYLOAD = {
    status: "unpaid",
    shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
    useLoyaltyPoints: false,
    agreeToTerms: true,
  };

  it("201 with the order's discount; a refused code is 400 {message} naming why, nothing created, the use not counted", async () => {
    const { id, code } = await makeCode("percent", 20, { maxUses: 2, uses: 1 });
    const used = await makeCode("amount", 100, { maxUses: 1, uses: 1 });
    const cookie = await guestCookie();
    const before = await orderCount();
    const refused = await run(() => ordersAction(args(postJson("/api/orders", { ...PAYLOAD, email: "api@example.com", discountCode: used.code }, { cookie }))));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(DISCOUNT_TEXT.usedUp);
    expect(await orderCount()).toBe(before);

    const res = await run(() => ordersAction(args(postJson("/api/orders", { ...PAYLOAD, email: "api@example.com", discountCode: code }, { cookie }))));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ discount: { code, amount: "5.00" } });
    expect((await db.selectFrom("discounts").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses).toBe(2);
    expect(await orderCount()).toBe(before + 1);
  });

  it("a huge or non-text code is a 400 naming the code's form, never a 500; the form's totals answer it as the field's error", async () => {
    const cookie = await guestCookie();
    const before = await orderCount();
    for (const discountCode of ["A".repeat(5000), { code: "X" }, 12345678]) {
      const res = await run(() => ordersAction(args(postJson("/api/orders", { ...PAYLOAD, email: "huge@example.com", discountCode }, { cookie }))));
      expect(res.status, JSON.stringify(discountCode).slice(0, 20)).toBe(400);
      const body = await res.json();
      expect(body.message).toContain(DISCOUNT_TEXT.format);
      expect(body.errors).toMatchObject({ discountCode: [DISCOUNT_TEXT.format] });
    }
    expect(await orderCount()).toBe(before);
    const huge = await forJson("/checkout", { ...FORM, discountCode: "B".repeat(5000), intent: "totals" }, cookie);
    expect(huge.status).toBe(200);
    expect((await huge.json()).figures.codeError).toBe(DISCOUNT_TEXT.format);
  });
});
