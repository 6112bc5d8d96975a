import { parseWithZod } from "@conform-to/zod";
import { DISCOUNT_ADMIN_TEXT as T } from "~/domain/discounts/admin-texts";
import { DiscountCreateFormSchema, DiscountCreateSchema, DiscountUpdateFormSchema, discountPatchSchema } from "~/domain/discounts/schemas";
import { isoToShopLocal, shopLocalToIso } from "~/domain/common/shop-time";

// The owner's discount code, one rule for the Discounts tab's forms (decimal comma, Warsaw
// datetime-local) and /api/admin/discounts ("5.00" or a number, ISO instants).

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const createForm = (fields: Record<string, string>) =>
  parseWithZod(form({ code: "SPRING15", type: "percent", value: "15", ...fields }), { schema: DiscountCreateFormSchema });

function fieldErrors(fields: Record<string, string>) {
  const s = createForm(fields);
  expect(s.status).toBe("error");
  return s.reply().error;
}

function apiErrors(body: Record<string, unknown>) {
  const r = DiscountCreateSchema.safeParse({ code: "SPRING15", type: "amount", value: "5.00", ...body });
  expect(r.success).toBe(false);
  return Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the form's new code", () => {
  it("takes the owner's decimal comma: '5,50' is 550 cents, and a minimum '30,5' is 3050", () => {
    const s = createForm({ type: "amount", value: "5,50", minSubtotal: "30,5" });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toMatchObject({ type: "amount", value: 550, minSubtotal: 3050 });
  });

  it("keeps the code upper-case without spaces or dashes, and reads unticked boxes as off", () => {
    const s = createForm({ code: " spring-15 ", oncePerEmail: "on" });
    expect(s.status === "success" && s.value).toEqual({
      code: "SPRING15",
      type: "percent",
      value: 15,
      minSubtotal: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerEmail: true,
      public: false,
      active: false,
    });
  });

  it("reads datetime-local fields as Warsaw time, in winter and in summer", () => {
    const s = createForm({ startsAt: "2026-12-01T10:00", endsAt: "2027-07-01T00:00" });
    expect(s.status === "success" && s.value).toMatchObject({ startsAt: "2026-12-01T09:00:00.000Z", endsAt: "2027-06-30T22:00:00.000Z" });
  });

  it("stores a free-shipping code's value as 0, whatever was typed", () => {
    const s = createForm({ type: "shipping", value: "" });
    expect(s.status === "success" && s.value.value).toBe(0);
    const typed = createForm({ type: "shipping", value: "12" });
    expect(typed.status === "success" && typed.value.value).toBe(0);
  });

  it("refuses codes that are too short, too long or hold other characters, on the code", () => {
    for (const code of ["ab1", "A".repeat(21), "SPRING_15", "ŻUBR2026", "10%OFF"]) expect(fieldErrors({ code })?.code, code).toEqual([T.codeFormat]);
    expect(fieldErrors({ code: "" })?.code).toEqual([T.codeRequired]);
  });

  it("refuses a percent that is not a whole number from 1 to 100, on the value", () => {
    for (const value of ["0", "101", "12.5", "-5", "lots"]) expect(fieldErrors({ value })?.value, value).toEqual([T.percentRange]);
    expect(fieldErrors({ value: "" })?.value).toEqual([T.valueRequired]);
    const withSign = createForm({ value: "20%" });
    expect(withSign.status === "success" && withSign.value.value).toBe(20);
  });

  it("refuses an amount of 0, a negative or ambiguous amount, and one above the limit", () => {
    expect(fieldErrors({ type: "amount", value: "0" })?.value).toEqual([T.amountRange]);
    expect(fieldErrors({ type: "amount", value: "100000,01" })?.value).toEqual([T.amountRange]);
    for (const value of ["-5", "1.234,50", "5,505", "five"]) expect(fieldErrors({ type: "amount", value })?.value, value).toEqual([T.amountFormat]);
  });

  it("refuses an unknown type, a bad minimum, a bad time, an end before the start and a bad limit of uses", () => {
    expect(fieldErrors({ type: "half" })?.type).toEqual([T.typeInvalid]);
    expect(fieldErrors({ minSubtotal: "-1" })?.minSubtotal).toEqual([T.minSubtotalFormat]);
    expect(fieldErrors({ startsAt: "tomorrow" })?.startsAt).toEqual([T.dateFormat]);
    expect(fieldErrors({ startsAt: "2026-02-30T10:00" })?.startsAt).toEqual([T.dateFormat]);
    expect(fieldErrors({ startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" })?.endsAt).toEqual([T.endsBeforeStart]);
    expect(fieldErrors({ startsAt: "2026-12-01T10:00", endsAt: "2026-12-01T10:00" })?.endsAt).toEqual([T.endsBeforeStart]);
    for (const maxUses of ["0", "1.5", "-3", "1000001"]) expect(fieldErrors({ maxUses })?.maxUses, maxUses).toEqual([T.maxUsesFormat]);
  });
});

describe("the edit form", () => {
  it("sends every field but the code; unticked boxes switch off", () => {
    const s = parseWithZod(form({ id: "7", type: "amount", value: "5,00", maxUses: "10", public: "on" }), { schema: DiscountUpdateFormSchema });
    expect(s.status === "success" && s.value).toEqual({
      id: 7,
      patch: { type: "amount", value: 500, minSubtotal: null, startsAt: null, endsAt: null, maxUses: 10, oncePerEmail: false, public: true, active: false },
    });
  });
});

describe("POST /api/admin/discounts's body", () => {
  it("takes '5.00' or a number, ISO instants with their offset, and is active unless told otherwise", () => {
    const r = DiscountCreateSchema.safeParse({
      code: "xmas-2026",
      type: "amount",
      value: "5.00",
      startsAt: "2026-12-01T00:00:00+01:00",
      endsAt: "2026-12-27T00:00:00Z",
    });
    expect(r.success && r.data).toEqual({
      code: "XMAS2026",
      type: "amount",
      value: 500,
      minSubtotal: null,
      startsAt: "2026-11-30T23:00:00.000Z",
      endsAt: "2026-12-27T00:00:00.000Z",
      maxUses: null,
      oncePerEmail: false,
      public: false,
      active: true,
    });
    expect(DiscountCreateSchema.parse({ code: "FIVE", type: "amount", value: 5, minSubtotal: 30 })).toMatchObject({ value: 500, minSubtotal: 3000 });
    expect(DiscountCreateSchema.parse({ code: "TEN10", type: "percent", value: 10, maxUses: 5, active: false, public: true })).toMatchObject({
      value: 10,
      maxUses: 5,
      active: false,
      public: true,
    });
  });

  it("refuses the form's comma, a time without its offset, strings for booleans and numbers, and a fractional percent", () => {
    expect(apiErrors({ value: "5,50" })).toEqual({ value: T.amountApi });
    expect(apiErrors({ minSubtotal: "30,00" })).toEqual({ minSubtotal: T.minSubtotalApi });
    expect(apiErrors({ startsAt: "2026-12-01T10:00" })).toEqual({ startsAt: T.dateApi });
    expect(apiErrors({ endsAt: "next week" })).toEqual({ endsAt: T.dateApi });
    expect(apiErrors({ public: "yes" })).toEqual({ public: T.booleanInvalid });
    expect(apiErrors({ maxUses: 2.5 })).toEqual({ maxUses: T.maxUsesFormat });
    expect(apiErrors({ type: "percent", value: 12.5 })).toEqual({ value: T.percentRange });
    expect(apiErrors({ code: 1234 })).toEqual({ code: T.codeFormat });
    expect(apiErrors({ code: "X".repeat(5000) })).toEqual({ code: T.codeFormat });
    expect(apiErrors({ value: null })).toEqual({ value: T.valueRequired });
  });
});

describe("PATCH /api/admin/discounts/{id}'s body", () => {
  it("keeps only the fields given; a value alone is read for the code's type now", () => {
    expect(discountPatchSchema("amount").parse({ value: "7.50" })).toEqual({ type: "amount", value: 750 });
    expect(discountPatchSchema("percent").parse({ value: 20, maxUses: null, endsAt: null })).toEqual({
      type: "percent",
      value: 20,
      maxUses: null,
      endsAt: null,
    });
    expect(discountPatchSchema("percent").parse({ active: false })).toEqual({ active: false });
    expect(discountPatchSchema("percent").parse({ type: "shipping" })).toEqual({ type: "shipping", value: 0 });
    expect(discountPatchSchema("percent").parse({ code: "spring15" })).toEqual({ code: "SPRING15" });
  });

  it("asks for the value with a new type, and checks it against the type given", () => {
    const r = discountPatchSchema("percent").safeParse({ type: "amount" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["value", T.valueForNewType]]);
    expect(discountPatchSchema("percent").safeParse({ type: "amount", value: "150.00" }).data).toEqual({ type: "amount", value: 15000 });
    expect(discountPatchSchema("amount").safeParse({ value: "150" }).data).toEqual({ type: "amount", value: 15000 });
    expect(discountPatchSchema("percent").safeParse({ value: "150" }).error?.issues[0]?.message).toBe(T.percentRange);
  });
});

describe("the shop's clock (Warsaw)", () => {
  it("reads a wall time in either half of the year and shows an instant back the same way", () => {
    expect(shopLocalToIso("2026-01-15T00:30")).toBe("2026-01-14T23:30:00.000Z");
    expect(shopLocalToIso("2026-07-15T00:30")).toBe("2026-07-14T22:30:00.000Z");
    expect(isoToShopLocal("2026-07-14T22:30:00.000Z")).toBe("2026-07-15T00:30");
    expect(isoToShopLocal(shopLocalToIso("2026-10-25T12:00")!)).toBe("2026-10-25T12:00");
  });

  it("takes a time the clocks skip an hour later, and refuses what is no time", () => {
    expect(isoToShopLocal(shopLocalToIso("2026-03-29T02:30")!)).toBe("2026-03-29T03:30");
    for (const text of ["", "2026-13-01T10:00", "2026-12-01", "2026-12-01T24:00", "2026-12-01 10:00x"]) expect(shopLocalToIso(text), text).toBeNull();
  });
});
