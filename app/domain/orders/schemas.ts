import { DISCOUNT_TEXT } from "~/domain/discounts/texts";
import { z } from "zod";
import { isCountryCode } from "~/domain/common/countries";
import {
  CHECKOUT_MAX,
  CHECKOUT_PASSWORD_MAX,
  CHECKOUT_PASSWORD_MIN,
  CHECKOUT_TEXT as T,
  CUSTOMER_MESSAGE_MAX,
  EMAIL_PATTERN,
  tooLong,
} from "~/domain/orders/checkout-texts";
import { ADMIN_ORDER_TEXT, TRACKING_NUMBER_MAX } from "~/domain/orders/fulfilment";
import { DISPATCH_DAYS_MAX, DISPATCH_TIME_TEXT } from "~/domain/orders/dispatch-time";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";
import { decimalToCents } from "~/lib/money";
import { LOCALES } from "~/i18n/locales";

// The browser never runs these: it gets their native constraints (web/checkout-constraints.server.ts, sent with the page's data)
// and the server's answers (the checkout action's validate intent).

/**
 * A checkbox: JSON sends true/false, an HTML form sends "on" when ticked and nothing otherwise
 * (Conform's parseWithZod turns "on" into true for the boolean branch; the literal branch keeps
 * the schema correct for raw form values too). No z.coerce: "false" or "yes" are refused.
 */
const Checkbox = z
  .union([z.boolean(), z.literal("on")], { errorMap: () => ({ message: "Must be true or false" }) })
  .optional()
  .transform((value) => value === true || value === "on");

function requiredText(message: string, max: number) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, tooLong(max));
}

function optionalText(max: number) {
  return z
    .string({ invalid_type_error: "Must be text" })
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));
}

const Email = z
  .string({ required_error: T.invalidEmail, invalid_type_error: T.invalidEmail })
  .trim()
  .max(CHECKOUT_MAX.email, T.invalidEmail)
  .regex(EMAIL_PATTERN, T.invalidEmail);

const Password = z
  .string({ invalid_type_error: T.passwordRule })
  .max(CHECKOUT_PASSWORD_MAX, `Password must be at most ${CHECKOUT_PASSWORD_MAX} characters`)
  .optional();

/** Room for a code typed with spaces or dashes ("SPRING-2026"); the code itself is 4–20 characters. */
const DISCOUNT_CODE_TYPED_MAX = 40;

const CheckoutFields = z.object({
  email: Email,
  firstName: requiredText(T.firstNameRequired, CHECKOUT_MAX.firstName),
  lastName: requiredText(T.lastNameRequired, CHECKOUT_MAX.lastName),
  addressLine1: requiredText(T.addressRequired, CHECKOUT_MAX.addressLine1),
  addressLine2: optionalText(CHECKOUT_MAX.addressLine2),
  city: requiredText(T.cityRequired, CHECKOUT_MAX.city),
  state: optionalText(CHECKOUT_MAX.state),
  postalCode: requiredText(T.postalCodeRequired, CHECKOUT_MAX.postalCode),
  // Any ISO code here; whether a zone ships there is placeOrder's check (the zones live in the database).
  country: z
    .string({ required_error: T.countryRequired, invalid_type_error: T.countryRequired })
    .trim()
    .min(1, T.countryRequired)
    .refine(isCountryCode, SHIPPING_TEXT.notShipped),
  // Trimmed first, then limited; an empty message is stored as null.
  customerMessage: z
    .string({ invalid_type_error: "Must be text" })
    .trim()
    .max(CUSTOMER_MESSAGE_MAX, T.messageTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  useLoyaltyPoints: Checkbox,
  /** A discount code as typed; whether it exists and may be used is placeOrder's check (findUsableCode). */
  discountCode: z
    .string({ invalid_type_error: DISCOUNT_TEXT.format })
    .trim()
    .max(DISCOUNT_CODE_TYPED_MAX, DISCOUNT_TEXT.format)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** 'This is a gift': the packing slip leaves the prices out (docs/shipping.md). */
  isGift: Checkbox,
  agreeToTerms: Checkbox.refine((value) => value, T.termsRequired),
});

const AccountFields = z
  .object({ createAccount: Checkbox, password: Password, confirmPassword: Password })
  .superRefine((value, ctx) => {
    if (!value.createAccount) return;
    const password = value.password ?? "";
    if (password.length < CHECKOUT_PASSWORD_MIN || password !== (value.confirmPassword ?? "")) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.passwordRule, path: ["confirmPassword"] });
    }
  })
  // The passwords leave the schema only when they are going to be used.
  .transform((value) => (value.createAccount ? value : { createAccount: false as boolean, password: undefined, confirmPassword: undefined }));

/**
 * The Checkout form entity with all its rules: the HTML form action
 * (`parseWithZod(formData, { schema: CheckoutSchema })`) and POST /api/orders (through
 * OrderCreateSchema) both run it. An intersection rather than one object with a refinement, so
 * the account rule is reported together with the other fields' errors (zod skips an object's
 * refinement once a field is missing).
 */
export const CheckoutSchema = CheckoutFields.and(AccountFields);
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/** Figures and lines a client says it saw; placeOrder refuses the order (409) when they differ from the server's. */
export interface ClientFigures {
  subtotalCents?: number;
  shippingCents?: number;
  shippingName?: string;
  loyaltyDiscountCents?: number;
  discountCents?: number;
  totalCents?: number;
  items?: { productId: number; colorId: number | null; variationCode: string | null; quantity: number; priceCents: number | null }[];
}

const AMOUNT_TEXT = "Must be an amount with at most two decimals, like 12.50";

const Amount = z.union([z.string(), z.number()], { errorMap: () => ({ message: AMOUNT_TEXT }) }).transform((value, ctx) => {
  const cents = decimalToCents(value);
  if (cents === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_TEXT });
    return z.NEVER;
  }
  return cents;
});

const Id = z.number({ invalid_type_error: "Must be a number", required_error: "Required" }).int().positive();

const ADDRESS_FIELDS = ["firstName", "lastName", "addressLine1", "addressLine2", "city", "state", "postalCode", "country"] as const;

const OrderPayloadSchema = z.object({
  email: z.unknown(),
  subtotal: Amount.optional(),
  shippingCost: Amount.optional(),
  shippingName: z.string().trim().max(100).optional(),
  loyaltyDiscount: Amount.optional(),
  total: Amount.optional(),
  status: z.literal("unpaid", { errorMap: () => ({ message: T.notUnpaid }) }).optional(),
  shippingAddress: z
    .object(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.unknown()])) as Record<(typeof ADDRESS_FIELDS)[number], z.ZodUnknown>, {
      invalid_type_error: "shippingAddress must be an object",
    })
    .optional(),
  items: z
    .array(
      z.object({
        productId: Id,
        title: z.string().optional(),
        price: Amount.optional(),
        quantity: z.number({ invalid_type_error: "Quantity must be a number" }).int().min(1, "Quantity must be at least 1").max(999),
        colorId: Id.nullish(),
        variationCode: z.string().trim().max(5).nullish(),
      }),
    )
    .max(200)
    .optional(),
  useLoyaltyPoints: z.unknown(),
  discountCode: z.unknown(),
  isGift: z.unknown(),
  customerMessage: z.unknown(),
  agreeToTerms: z.unknown(),
  /** The order's language, for its e-mails; absent: the `lang` cookie's, else English (api.orders.ts). */
  locale: z.enum(LOCALES, { errorMap: () => ({ message: `Must be one of: ${LOCALES.join(", ")}` }) }).optional(),
});

/** Where a Checkout field lives in the Order creation payload (for the API's per-field errors). */
function payloadPath(path: (string | number)[]): (string | number)[] {
  const [head, ...rest] = path;
  return typeof head === "string" && (ADDRESS_FIELDS as readonly string[]).includes(head) ? ["shippingAddress", head, ...rest] : path;
}

/**
 * POST /api/orders: the spec's Order creation payload mapped onto the Checkout form fields and
 * checked by CheckoutSchema itself, so both doors run the same rules. The payload carries no
 * terms checkbox: an absent agreeToTerms counts as accepted (calling the API is the agreement),
 * but an explicit false is refused with the form's message. It creates no account (that is
 * POST /api/auth/register-checkout). The money figures and items it sends are only compared
 * with the server's (placeOrder), never stored.
 */
export const OrderCreateSchema = OrderPayloadSchema.transform((payload, ctx) => {
  const address: Partial<Record<(typeof ADDRESS_FIELDS)[number], unknown>> = payload.shippingAddress ?? {};
  const parsed = CheckoutSchema.safeParse({
    email: payload.email,
    createAccount: false,
    ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f]])),
    customerMessage: payload.customerMessage,
    useLoyaltyPoints: payload.useLoyaltyPoints,
    discountCode: payload.discountCode,
    isGift: payload.isGift,
    agreeToTerms: payload.agreeToTerms === undefined ? true : payload.agreeToTerms,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: payloadPath(issue.path) });
    }
    return z.NEVER;
  }
  const figures: ClientFigures = {
    subtotalCents: payload.subtotal,
    shippingCents: payload.shippingCost,
    shippingName: payload.shippingName,
    loyaltyDiscountCents: payload.loyaltyDiscount,
    totalCents: payload.total,
    items: payload.items?.map((item) => ({
      productId: item.productId,
      colorId: item.colorId ?? null,
      variationCode: item.variationCode ?? null,
      quantity: item.quantity,
      priceCents: item.price ?? null,
    })),
  };
  return { input: parsed.data, figures, locale: payload.locale };
});
export type OrderCreateInput = z.infer<typeof OrderCreateSchema>;

/**
 * A parcel's tracking number: trimmed, required, at most 100 characters. shipOrder applies it,
 * so the admin forms and PATCH /api/orders/{id}/ship share the rule and its messages.
 */
export const TrackingNumberSchema = z
  .string({ required_error: ADMIN_ORDER_TEXT.trackingRequired, invalid_type_error: ADMIN_ORDER_TEXT.trackingRequired })
  .trim()
  .min(1, ADMIN_ORDER_TEXT.trackingRequired)
  .max(TRACKING_NUMBER_MAX, ADMIN_ORDER_TEXT.trackingTooLong);

export const ORDER_REASON_MAX = 500;

/**
 * The admin's reason on an order (declining a cancellation request, accepting a return): trimmed,
 * at most 500 characters. declineCancellation and processReturn apply it; the forms' textareas get its limit.
 */
export const OrderReasonSchema = z.string().trim().max(ORDER_REASON_MAX, `The reason must be ${ORDER_REASON_MAX} characters or less`);

export const ORDER_SEARCH_MAX = 100;

/**
 * The admin's order search (an order number or an e-mail), for the Orders tab and its CSV export:
 * trimmed, and a longer text is cut to the limit rather than refused (a search never fails).
 */
export const OrderSearchSchema = z
  .preprocess((value) => (typeof value === "string" ? value.trim().slice(0, ORDER_SEARCH_MAX) : ""), z.string().max(ORDER_SEARCH_MAX))
  .optional();

const dispatchDays = z
  .number({ required_error: DISPATCH_TIME_TEXT.daysRequired, invalid_type_error: DISPATCH_TIME_TEXT.daysRequired })
  .int(DISPATCH_TIME_TEXT.wholeDays)
  .min(1, DISPATCH_TIME_TEXT.atLeastOne)
  .max(DISPATCH_DAYS_MAX, DISPATCH_TIME_TEXT.atMost);

/** The Settings tab's dispatch time: business days from payment until a piece in stock ships (orders/dispatch-time.ts). */
export const DispatchTimeSchema = z
  .object({ minDays: dispatchDays, maxDays: dispatchDays })
  .refine((value) => value.maxDays >= value.minDays, { message: DISPATCH_TIME_TEXT.maxBelowMin, path: ["maxDays"] });
export type DispatchTimeInput = z.infer<typeof DispatchTimeSchema>;
