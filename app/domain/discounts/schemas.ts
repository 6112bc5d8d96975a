import { z } from "zod";
import { typedAmount } from "~/domain/common/schemas";
import { DISCOUNT_ADMIN_TEXT as T } from "~/domain/discounts/admin-texts";
import { DISCOUNT_LIMITS, DISCOUNT_TYPES, type DiscountType, normaliseCode } from "~/domain/discounts/rules";
import { shopLocalToIso } from "~/domain/common/shop-time";

/*
 * A discount code as the owner gives it, one rule for the Discounts tab's forms and
 * /api/admin/discounts. The form takes her decimal comma ("5,50") and Warsaw times from
 * datetime-local fields; the API takes "5.00" (or a number) and ISO 8601 instants. Once parsed,
 * amounts are cents, a percent is whole points, and times are ISO (UTC).
 */

type Door = "form" | "api";

/** What a parsed code gives: `value` is whole percent points, cents, or 0 for free shipping. */
export interface DiscountInput {
  code: string;
  type: DiscountType;
  value: number;
  minSubtotal: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  oncePerEmail: boolean;
  public: boolean;
  active: boolean;
}

/** A change: only the fields given (`code`, when given, must be the code's own). */
export type DiscountPatch = Partial<DiscountInput>;

const WHOLE_AMOUNT_DIGITS = String(Math.floor(DISCOUNT_LIMITS.amountMaxCents / 100)).length;

/** `value` for its type: percent 1–100, an amount above 0 up to the limit, 0 for free shipping. */
export function discountValue(type: DiscountType, raw: string | number | null | undefined, door: Door): { value: number } | { error: string } {
  if (type === "shipping") return { value: 0 };
  const text = typeof raw === "number" ? String(raw) : (raw ?? "").trim();
  if (text === "") return { error: T.valueRequired };
  if (type === "percent") {
    const digits = /^(\d{1,3})\s*%?$/.exec(text)?.[1];
    const percent = digits === undefined ? NaN : Number(digits);
    return percent >= 1 && percent <= DISCOUNT_LIMITS.percentMax ? { value: percent } : { error: T.percentRange };
  }
  const format = door === "form" ? T.amountFormat : T.amountApi;
  const parsed = typedAmount({ requiredText: T.valueRequired, formatText: format, comma: door === "form", maxWholeDigits: WHOLE_AMOUNT_DIGITS + 1 }).safeParse(
    text,
  );
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? format };
  return parsed.data > 0 && parsed.data <= DISCOUNT_LIMITS.amountMaxCents ? { value: parsed.data } : { error: T.amountRange };
}

const code = z
  .string({ required_error: T.codeRequired, invalid_type_error: T.codeFormat })
  .trim()
  .min(1, T.codeRequired)
  .max(DISCOUNT_LIMITS.codeMax * 3, T.codeFormat)
  .transform(normaliseCode)
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{${DISCOUNT_LIMITS.codeMin},${DISCOUNT_LIMITS.codeMax}}$`), T.codeFormat));

const type = z.enum(DISCOUNT_TYPES, { errorMap: () => ({ message: T.typeInvalid }) });

const rawValue = z.union([z.string(), z.number()], { errorMap: () => ({ message: T.valueRequired }) }).nullish();

/** An optional money field ("" or null: none). */
function optionalMoney(door: Door) {
  const text = door === "form" ? T.minSubtotalFormat : T.minSubtotalApi;
  const amount = z
    .union([z.string(), z.number()], { errorMap: () => ({ message: text }) })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(typedAmount({ requiredText: text, formatText: text, comma: door === "form", maxWholeDigits: WHOLE_AMOUNT_DIGITS }));
  return z.preprocess((v) => (v === "" ? null : v), amount.nullish());
}

/** The API's instant: an ISO 8601 date and time with its offset ("Z" or "+01:00"). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

function optionalInstant(door: Door) {
  const text = door === "form" ? T.dateFormat : T.dateApi;
  const instant = z.string({ invalid_type_error: text }).transform((v, ctx) => {
    const iso = door === "form" ? shopLocalToIso(v) : ISO_INSTANT.test(v.trim()) && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null;
    if (iso === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: text });
      return z.NEVER;
    }
    return iso;
  });
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), instant.nullish());
}

const maxUses = z.preprocess(
  (v) => (v === "" ? null : typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
  z.number({ invalid_type_error: T.maxUsesFormat }).int(T.maxUsesFormat).min(1, T.maxUsesFormat).max(DISCOUNT_LIMITS.maxUses, T.maxUsesFormat).nullish(),
);

/** A form's checkbox arrives as true (Conform reads "on") or not at all; the API sends booleans. */
const flag = z.boolean({ invalid_type_error: T.booleanInvalid }).optional();

function fields(door: Door) {
  return {
    type,
    value: rawValue,
    minSubtotal: optionalMoney(door),
    startsAt: optionalInstant(door),
    endsAt: optionalInstant(door),
    maxUses,
    oncePerEmail: flag,
    public: flag,
    active: flag,
  };
}

type Parsed = { type?: DiscountType; value?: string | number | null; startsAt?: string | null; endsAt?: string | null };

/** The value read for its type, and the end after the start (when both are given). */
function checkTerms(parsed: Parsed, ctx: z.RefinementCtx, door: Door, valueType: DiscountType | undefined): number | undefined {
  if (parsed.startsAt && parsed.endsAt && parsed.endsAt <= parsed.startsAt) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.endsBeforeStart, path: ["endsAt"] });
  }
  if (valueType === undefined) return undefined;
  const read = discountValue(valueType, parsed.value, door);
  if ("error" in read) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: read.error, path: ["value"] });
    return undefined;
  }
  return read.value;
}

/** A whole form's (or a POST's) fields as parsed. */
type ParsedFields = z.infer<z.ZodObject<ReturnType<typeof fields>>>;

/** Every term of a whole form (or a POST): what is left out is empty, an unticked box false. */
function wholeTerms(parsed: ParsedFields, value: number | undefined, activeWhenLeftOut: boolean): Omit<DiscountInput, "code"> {
  return {
    type: parsed.type,
    value: value ?? 0,
    minSubtotal: parsed.minSubtotal ?? null,
    startsAt: parsed.startsAt ?? null,
    endsAt: parsed.endsAt ?? null,
    maxUses: parsed.maxUses ?? null,
    oncePerEmail: parsed.oncePerEmail ?? false,
    public: parsed.public ?? false,
    active: parsed.active ?? activeWhenLeftOut,
  };
}

function createSchema(door: Door) {
  return z.object({ code, ...fields(door) }).transform(
    // An unticked box sends nothing; an API client that leaves `active` out means an active code.
    (parsed, ctx): DiscountInput => ({ code: parsed.code, ...wholeTerms(parsed, checkTerms(parsed, ctx, door, parsed.type), door === "api") }),
  );
}

/** The tab's 'New discount code' form. */
export const DiscountCreateFormSchema = createSchema("form");

/** POST /api/admin/discounts. */
export const DiscountCreateSchema = createSchema("api");

/** The tab's edit form: every field but the code (which never changes), unticked boxes false. */
export const DiscountUpdateFormSchema = z.object({ id: z.number().int().positive(), ...fields("form") }).transform((parsed, ctx) => {
  const patch: DiscountPatch = wholeTerms(parsed, checkTerms(parsed, ctx, "form", parsed.type), false);
  return { id: parsed.id, patch };
});

/**
 * PATCH /api/admin/discounts/{id}: the fields given, the rest kept. A value without a type is
 * read for the code's type now (`currentType`) and keeps that type; a new type other than free
 * shipping needs its value.
 */
export function discountPatchSchema(currentType: DiscountType) {
  const all = fields("api");
  return z
    .object({ code: code.optional(), ...all })
    .partial()
    .transform((parsed, ctx): DiscountPatch => {
      const newType = parsed.type !== undefined && parsed.type !== currentType;
      if (newType && parsed.type !== "shipping" && parsed.value === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.valueForNewType, path: ["value"] });
      }
      const valueType = parsed.value !== undefined || parsed.type === "shipping" ? (parsed.type ?? currentType) : undefined;
      const value = checkTerms(parsed, ctx, "api", valueType);
      const patch: DiscountPatch = {};
      for (const key of ["code", "type", "minSubtotal", "startsAt", "endsAt", "maxUses", "oncePerEmail", "public", "active"] as const) {
        if (parsed[key] !== undefined) Object.assign(patch, { [key]: parsed[key] });
      }
      if (value !== undefined) Object.assign(patch, { type: valueType, value });
      return patch;
    });
}
