import { type SubmissionResult } from "@conform-to/react";
import { checkoutConstraints } from "~/web/checkout-constraints.server";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { getProfile } from "~/domain/auth/accounts.server";
import { rememberCartCountry } from "~/domain/cart/cart.server";
import { isCountryCode } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { type CheckoutCode, findUnpaidOrderForCart, getCheckoutSummary } from "~/domain/orders/checkout.server";
import { listShippedCountries } from "~/domain/shipping/zones.server";
import { placeCheckoutOrder } from "~/domain/orders/checkout-order.server";
import { accountCreationFailed, CHECKOUT_TOAST_TEXT, orderCreatedToast } from "~/domain/orders/checkout-texts";
import { CheckoutSchema, type ClientFigures } from "~/domain/orders/schemas";
import { CHECKOUT_REMOVE_CODE_INTENT, CHECKOUT_TOTALS_INTENT, CHECKOUT_VALIDATE_INTENT } from "~/lib/behavior-contract";
import { db } from "~/lib/db.server";
import { decimalToCents } from "~/lib/money";
import { isGoogleConfigured } from "~/web/auth/authenticator.server";
import { getCartOwner } from "~/web/cart-owner.server";
import { getOptionalUser } from "~/web/session.server";
import { redirectWithToast, type Toast, toastHeader } from "~/web/toast.server";
import { signInUser } from "~/web/auth/sign-in-session.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";
import { requestWantsJson } from "~/lib/wants-json";
import { i18nOf, localeOf } from "~/i18n/i18n.server";

/* The request side of /checkout: the page's data, and the form's order (placeCheckoutOrder). */

const HIDDEN_FIELDS = ["password", "confirmPassword"];

export type CheckoutDefaults = Record<
  "email" | "firstName" | "lastName" | "addressLine1" | "addressLine2" | "city" | "state" | "postalCode" | "country",
  string
>;

function knownCountry(value: string | null | undefined): string {
  return isCountryCode(value) ? value : "";
}

export interface CheckoutActionData {
  result: SubmissionResult<string[]>;
  alert: Toast | null;
  /** The plain form answered again (no JavaScript): the shipping of the country it posted, which the page shows. */
  shipping?: CheckoutSummary["shipping"];
  /** Likewise: the discount code it posted, applied or refused (null: none). */
  code?: CheckoutCode | null;
}

/**
 * Loader of /checkout: the cart's lines and the server's figures, the profile's address, an unpaid
 * order of this cart. `?country=` and `?useLoyaltyPoints=on` choose them as the form would (the
 * checkout behaviour takes the shipping rate and totals from that page).
 */
export async function loadCheckoutPage(request: Request) {
  const query = new URL(request.url).searchParams;
  const user = await getOptionalUser(request);
  const owner = await getCartOwner(request);
  const [summary, countries] = await Promise.all([
    getCheckoutSummary(db, { owner, user, country: knownCountry(query.get("country")) || null, locale: localeOf(request) }),
    listShippedCountries(db),
  ]);
  // After the order posted for JSON (form-answer.server.ts) Remix runs this loader too, though
  // only the action's answer is sent: the cart may be gone by then (moved to the new account),
  // and a redirect here would replace that answer. The page itself still leaves an empty cart.
  if (summary.items.length === 0 && !requestWantsJson(request)) throw redirect("/shop");
  const profile = user ? await getProfile(db, user.id) : null;
  // An unpaid order already made from this very cart is offered instead of a second one.
  const unpaid = await findUnpaidOrderForCart(db, { userId: user?.id ?? null, sessionKey: owner && "cartKey" in owner ? owner.cartKey : null }, summary.items);
  const defaults: CheckoutDefaults = {
    email: profile?.email ?? "",
    firstName: profile ? profile.shippingFirstName || profile.firstName : "",
    lastName: profile ? profile.shippingLastName || profile.lastName : "",
    addressLine1: profile?.shippingAddressLine1 ?? "",
    addressLine2: profile?.shippingAddressLine2 ?? "",
    city: profile?.shippingCity ?? "",
    state: profile?.shippingState ?? "",
    postalCode: profile?.shippingPostalCode ?? "",
    // The country the shipping is for, when it is the shopper's: never the shop's home standing in for it.
    country: summary.shipping.chosen && summary.shipping.zone ? summary.shipping.country : "",
  };
  return json(
    {
      signedIn: !!user,
      useLoyaltyPoints: query.get("useLoyaltyPoints") === "on",
      unpaidOrder: unpaid ? { id: unpaid.id, totalCents: unpaid.totalCents } : null,
      google: !user && isGoogleConfigured(),
      defaults,
      constraints: checkoutConstraints(),
      countries,
      items: summary.items.map((item) => ({
        id: item.id,
        title: item.product.title,
        titleLang: item.product.titleLang,
        slug: item.product.slug,
        imageUrl: item.product.images[0]?.imageUrl ?? null,
        imageWidth: item.product.images[0]?.width ?? null,
        colorName: item.colorName,
        colorHex: item.colorHex,
        variationName: item.variation?.variationName ?? null,
        quantity: item.quantity,
        priceCents: item.product.priceCents,
        specificStock: item.specificStock,
        madeToOrderDays: item.madeToOrderDays,
        isPersonalised: item.isPersonalised,
        isLarge: item.product.isLarge,
      })),
      subtotalCents: summary.totals.subtotalCents,
      shipping: summary.shipping,
      loyalty: loyaltyView(summary),
      // A code is applied by posting the form (its Apply): the page opens without one.
      code: null as CheckoutCode | null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type CheckoutSummary = Awaited<ReturnType<typeof getCheckoutSummary>>;

/** The loyalty offer as the page shows it (cents; the discount as the totals would apply it). */
function loyaltyView(summary: CheckoutSummary) {
  const loyalty = summary.loyalty;
  if (!loyalty) return null;
  return {
    eligible: loyalty.eligible,
    points: loyalty.points,
    pointsRequired: loyalty.pointsRequired,
    discountCents: loyalty.offeredCents,
    discountAmountCents: Math.round(loyalty.discountAmount * 100),
    minimumOrderCents: Math.round(loyalty.minimumOrderValue * 100),
  };
}

/** What the checkout page shows for a country and loyalty box, for the route to render (components/checkout/figures-html.server.tsx). */
export interface CheckoutFiguresInput {
  items: { priceCents: number; quantity: number }[];
  shipping: CheckoutSummary["shipping"];
  loyalty: ReturnType<typeof loyaltyView>;
  useLoyaltyPoints: boolean;
  code: CheckoutCode | null;
}

/**
 * Where the order goes next: post/redirect/get for the plain form; for the browser module (it
 * asked for JSON) `{ ok: true, redirectTo }` with the same cookies, and it loads that page itself
 * (a fetch would follow the redirect and read the next page as the form's answer).
 */
async function goTo(request: Request, url: string, toast: Toast, cookies: (string | null)[], opts: { document?: boolean } = {}): Promise<Response> {
  if (!requestWantsJson(request)) return redirectWithToast(url, toast, cookies, opts);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await toastHeader(toast));
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  // A path in JSON gets no basename from Remix: the page's language is put on it here.
  return json({ ok: true as const, redirectTo: i18nOf(request).path(url) }, { headers });
}

/**
 * Field errors and the alert in the page's language: the browser module shows them as they come,
 * and the schemas and the domain write English (the API's words).
 */
function inPageLanguage(
  request: Request,
  result: SubmissionResult<string[]>,
  alert: Toast | null,
): { result: SubmissionResult<string[]>; alert: Toast | null } {
  const { text } = i18nOf(request);
  const error = result.error && Object.fromEntries(Object.entries(result.error).map(([name, messages]) => [name, messages?.map(text) ?? null]));
  const shown = alert && { ...alert, title: text(alert.title), ...(alert.description ? { description: text(alert.description) } : {}) };
  return { result: { ...result, error }, alert: shown };
}

function failure(
  request: Request,
  result: SubmissionResult<string[]>,
  alert: Toast | null,
  status: number,
  cookies: (string | null)[],
  posted?: Pick<CheckoutActionData, "shipping" | "code">,
) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return json<CheckoutActionData>({ ...inPageLanguage(request, result, alert), ...(posted ?? {}) }, { status, headers });
}

/** The posted form's discount code and e-mail, as getCheckoutSummary takes them (`without`: the code's Remove). */
function postedCode(formData: FormData, without = false): { discountCode: string | null; email: string | null } {
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value.trim() !== "" ? value : null;
  };
  return { discountCode: without ? null : field("discountCode"), email: field("email") };
}

/**
 * For the plain form answered again, the shipping of the country it posted and its discount
 * code: the page shows the figures the next post will be checked against, so a changed country
 * never loops on 'prices have changed'. The browser module takes its figures from the totals check instead.
 */
async function postedFigures(request: Request, formData: FormData): Promise<Pick<CheckoutActionData, "shipping" | "code"> | undefined> {
  if (requestWantsJson(request)) return undefined;
  const [user, owner] = await Promise.all([getOptionalUser(request), getCartOwner(request)]);
  const summary = await getCheckoutSummary(db, { owner, user, country: knownCountry(String(formData.get("country") ?? "")) || null, ...postedCode(formData) });
  return { shipping: summary.shipping, code: summary.code };
}

/** The reply with the discount code field emptied (its Remove without JavaScript). */
function withoutCode(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  return { ...result, initialValue: { ...(result.initialValue ?? {}), discountCode: "" } };
}

/** The figures the page showed (hidden fields): an order whose server figures moved since is refused, never silently dearer. */
function shownFigures(formData: FormData): ClientFigures {
  const cents = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? (decimalToCents(value) ?? -1) : undefined;
  };
  return { subtotalCents: cents("expectedSubtotal"), shippingCents: cents("expectedShipping") };
}

/**
 * The form posted for its figures: 'Update shipping', the discount code's Apply (intent=totals)
 * and Remove (intent=remove-code). Nothing is placed; a refused code is the field's error.
 */
async function answerTotals(request: Request, formData: FormData, result: SubmissionResult<string[]>, opts: Parameters<typeof submitCheckout>[1]) {
  const headers = { "Cache-Control": "no-store" };
  const removing = formData.get("intent") === CHECKOUT_REMOVE_CODE_INTENT;
  const [user, owner] = await Promise.all([getOptionalUser(request), getCartOwner(request)]);
  const posted = knownCountry(String(formData.get("country") ?? ""));
  const summary = await getCheckoutSummary(db, { owner, user, country: posted || null, ...postedCode(formData, removing) });
  // A country a zone ships to is remembered on the cart: the cart and the drawer show its shipping.
  if (posted && summary.shipping.zone && summary.shipping.country === posted) await rememberCartCountry(db, owner, posted);
  if (!requestWantsJson(request)) {
    // The plain form's 'Update shipping' or Apply: the page again with what was typed, no errors
    // yet but the code's, this country's shipping and the code's line.
    const shown = removing ? withoutCode(result) : result;
    const error: Record<string, string[]> = summary.code?.error ? { discountCode: [summary.code.error] } : {};
    return json<CheckoutActionData>({ ...inPageLanguage(request, { ...shown, error }, null), shipping: summary.shipping, code: summary.code }, { headers });
  }
  const figures = opts.figures({
    items: summary.items.map((item) => ({ priceCents: item.product.priceCents, quantity: item.quantity })),
    shipping: summary.shipping,
    loyalty: loyaltyView(summary),
    useLoyaltyPoints: formData.get("useLoyaltyPoints") === "on",
    code: summary.code,
  });
  return json({ ...inPageLanguage(request, result, null), figures }, { headers });
}

/**
 * Action of /checkout: the order (and the account first, when asked), then the payment page.
 * With `intent=validate` it only answers the field errors (200) and creates nothing: the
 * checkout behaviour shows the server's own messages as the shopper goes. `intent=totals` (and
 * `remove-code`) also answers the page's figures for the posted country, loyalty box and
 * discount code, rendered by `opts.figures` (see answerTotals).
 * Posted for JSON, the order answers `{ ok: true, redirectTo }` instead of redirecting.
 */
export async function submitCheckout(request: Request, opts: { figures: (input: CheckoutFiguresInput) => Record<string, unknown> }) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  const intent = formData.get("intent");
  if (intent === CHECKOUT_VALIDATE_INTENT) {
    const result = submission.reply({ hideFields: HIDDEN_FIELDS });
    return json<CheckoutActionData>(inPageLanguage(request, result, null), { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === CHECKOUT_TOTALS_INTENT || intent === CHECKOUT_REMOVE_CODE_INTENT) {
    return answerTotals(request, formData, submission.reply({ hideFields: HIDDEN_FIELDS }), opts);
  }
  if (submission.status !== "success") {
    return failure(request, submission.reply({ hideFields: HIDDEN_FIELDS }), null, 400, [], await postedFigures(request, formData));
  }
  const [user, owner] = await Promise.all([getOptionalUser(request), getCartOwner(request)]);
  const cookies: (string | null)[] = [];
  const outcome = await placeCheckoutOrder(
    db,
    {
      checkout: submission.value,
      userId: user?.id ?? null,
      owner,
      clientIp: getClientIp(request),
      shown: shownFigures(formData),
      // The /pl/checkout form places a Polish order: its e-mails are written in Polish.
      locale: localeOf(request),
    },
    async (userId) => {
      cookies.push(await signInUser(request, userId));
    },
  );

  switch (outcome.kind) {
    case "placed":
      // A new document: the payment page has its own Content-Security-Policy (PayPal's hosts).
      return goTo(request, `/order/${outcome.order.id}/payment`, orderCreatedToast(outcome.order.id), cookies, { document: true });
    case "empty-cart":
      return goTo(request, "/shop", { ...CHECKOUT_TOAST_TEXT.emptyCart }, cookies);
    case "account-refused": {
      const { error } = outcome;
      return failure(
        request,
        submission.reply({
          ...(error.status === 429 ? { formErrors: [error.message] } : { fieldErrors: { [error.field ?? "email"]: [error.message] } }),
          hideFields: HIDDEN_FIELDS,
        }),
        accountCreationFailed(error.message),
        error.status,
        [],
        await postedFigures(request, formData),
      );
    }
    case "order-failed": {
      const { error } = outcome;
      // A rule of one field ('We do not ship to this country'): the field says so.
      if (error instanceof DomainError && error.field && error.status === 400 && !outcome.accountCreated) {
        return failure(
          request,
          submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN_FIELDS }),
          null,
          400,
          cookies,
          await postedFigures(request, formData),
        );
      }
      let alert: Toast;
      let status: number;
      if (error instanceof DomainError) {
        alert =
          error.status === 409 || error.status === 429
            ? { ...CHECKOUT_TOAST_TEXT.orderFailed, description: error.message }
            : { ...CHECKOUT_TOAST_TEXT.orderFailed };
        status = error.status;
      } else {
        if (!outcome.accountCreated) throwIfStorageFault(error);
        console.error("Checkout failed:", error);
        alert = { ...CHECKOUT_TOAST_TEXT.orderError };
        status = 500;
      }
      // A new account is signed in and the guest's cart is now the customer's, but this request's
      // loaders would still read the guest session: the page is loaded afresh instead (prefilled
      // from the new profile), with the failure as its notification.
      if (outcome.accountCreated) return goTo(request, "/checkout", alert, cookies);
      return failure(
        request,
        submission.reply({ formErrors: [alert.description ?? alert.title], hideFields: HIDDEN_FIELDS }),
        alert,
        status,
        cookies,
        await postedFigures(request, formData),
      );
    }
  }
}
