import { addToCart } from "~/domain/cart/cart.server";
import { CHECKOUT_TEXT as T } from "~/domain/orders/checkout-texts";
import { db } from "~/lib/db.server";
import { action as checkoutAction } from "~/routes/checkout";
import { getSessionStorage } from "~/web/session.server";
import { makeProduct } from "../helpers/kit";
import { args, postForm, run } from "../helpers/requests";

// The checkout under /pl answers the browser module in Polish: the field errors it shows as they
// come, and the payment page it goes to next; the English checkout's answers stay English.

async function guestCookie(): Promise<string> {
  const p = await makeProduct(db, { priceCents: 1000 });
  const cartKey = `checkout-pl-${Date.now()}-${Math.random()}`;
  await addToCart(db, { cartKey }, { productId: p.id, quantity: 1 });
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("cartKey", cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

const FORM = {
  email: "klara@example.com",
  firstName: "Klara",
  lastName: "Nowak",
  addressLine1: "ul. Koronkowa 12",
  addressLine2: "",
  city: "Kraków",
  state: "",
  postalCode: "30-001",
  country: "FR",
  agreeToTerms: "on",
};

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  run(() => checkoutAction(args(postForm(path, fields, { cookie, accept: "application/json" }))));

describe("the Polish checkout's answers to the browser module", () => {
  it("field errors in Polish on /pl/checkout, in English on /checkout", async () => {
    const cookie = await guestCookie();
    const bad = { ...FORM, email: "klara@localhost", city: "", intent: "validate" };
    const pl = await (await post("/pl/checkout", bad, cookie)).json();
    expect(pl.result.error).toEqual({ email: ["Podaj prawidłowy adres e-mail"], city: ["Podaj miejscowość"] });
    const en = await (await post("/checkout", bad, cookie)).json();
    expect(en.result.error).toEqual({ email: [T.invalidEmail], city: [T.cityRequired] });
  });

  it("a placed order sends the browser module to the Polish payment page", async () => {
    const cookie = await guestCookie();
    const res = await post("/pl/checkout", { ...FORM, expectedSubtotal: "10.00" }, cookie);
    const data = await res.json();
    expect(data.redirectTo).toMatch(/^\/pl\/order\/\d+\/payment$/);
  });
});
