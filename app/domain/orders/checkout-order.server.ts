import { registerUser } from "~/domain/auth/accounts.server";
import { assertOrderAllowed } from "~/domain/auth/rate-limit.server";
import { type CartOwner, getCart } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { placeOrder, type PlacedOrder } from "~/domain/orders/checkout.server";
import { CHECKOUT_TEXT } from "~/domain/orders/checkout-texts";
import { type CheckoutInput, type ClientFigures } from "~/domain/orders/schemas";
import { requireShippedZone } from "~/domain/shipping/zones.server";
import { type Locale } from "~/i18n/locales";
import { type DB } from "~/lib/sqlite.server";

export interface CheckoutOrderInput {
  checkout: CheckoutInput;
  /** The signed-in customer, or null for a guest. */
  userId: number | null;
  /** Whose cart: the customer's, a guest's cart key, or null when the session has no cart. */
  owner: CartOwner | null;
  clientIp: string;
  /** The figures the page showed: an order whose server figures moved since is refused. */
  shown: ClientFigures;
  /** The checkout page's language: the order's e-mails are written in it. */
  locale?: Locale;
}

export type CheckoutOrderOutcome =
  | { kind: "placed"; order: PlacedOrder }
  | { kind: "empty-cart"; accountCreated: boolean }
  /** The account could not be made: no account, no order. */
  | { kind: "account-refused"; error: DomainError }
  /** The order failed (a DomainError, or anything unexpected); an account made first stays. */
  | { kind: "order-failed"; error: unknown; accountCreated: boolean };

/**
 * The checkout form's order: for a guest who ticked "create an account", the account first (with
 * the address as its shipping address, in one insert), signed in by `signIn` so its cart moves to
 * it, then the order from that cart (placeOrder, its own transaction). The account stays when the
 * order then fails, so the shopper is not asked to register twice.
 * A non-DomainError while making the account is thrown on.
 */
export async function placeCheckoutOrder(db: DB, input: CheckoutOrderInput, signIn: (userId: number) => Promise<void>): Promise<CheckoutOrderOutcome> {
  const { checkout, owner } = input;
  if (!owner || (await getCart(db, owner)).items.length === 0) return { kind: "empty-cart", accountCreated: false };

  // A country no zone ships to is refused before an account is made for an order that cannot be.
  try {
    await requireShippedZone(db, checkout.country);
  } catch (error) {
    return { kind: "order-failed", error, accountCreated: false };
  }

  let orderOwner: CartOwner = owner;
  let userId = input.userId;
  let accountCreated = false;
  if (userId === null && checkout.createAccount) {
    try {
      const created = await registerUser(
        db,
        { email: checkout.email, password: checkout.password ?? "", firstName: checkout.firstName, lastName: checkout.lastName },
        input.clientIp,
        checkout,
      );
      await signIn(created.id);
      userId = created.id;
      orderOwner = { userId: created.id };
      accountCreated = true;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { kind: "account-refused", error };
    }
  }

  try {
    await assertOrderAllowed(db, input.clientIp);
    const order = await placeOrder(
      db,
      { owner: orderOwner, userId, sessionKey: "cartKey" in owner ? owner.cartKey : null, clientIp: input.clientIp, locale: input.locale },
      checkout,
      input.shown,
    );
    return { kind: "placed", order };
  } catch (error) {
    if (error instanceof DomainError && error.message === CHECKOUT_TEXT.emptyCart) return { kind: "empty-cart", accountCreated };
    return { kind: "order-failed", error, accountCreated };
  }
}
