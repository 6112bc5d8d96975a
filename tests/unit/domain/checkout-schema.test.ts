import { parseWithZod } from "@conform-to/zod";
import { CHECKOUT_TEXT as T } from "~/domain/orders/checkout-texts";
import { CheckoutSchema, OrderCreateSchema } from "~/domain/orders/schemas";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";

const VALID = {
  email: "  Clara.Bloom@Example.com ",
  firstName: " Clara ",
  lastName: "Bloom",
  addressLine1: "12 Lace Lane",
  addressLine2: "",
  city: "Kraków",
  state: "",
  postalCode: "30-001",
  country: "FR",
  customerMessage: "",
  agreeToTerms: "on",
};

function form(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) data.append(k, v);
  return data;
}

function formErrors(fields: Record<string, string | undefined>) {
  const submission = parseWithZod(form(fields), { schema: CheckoutSchema });
  return submission.status === "success" ? null : submission.error;
}

function jsonErrors(value: unknown) {
  const result = CheckoutSchema.safeParse(value);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

const EMPTY_FORM = {
  email: "",
  firstName: "",
  lastName: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "",
  customerMessage: "",
};

describe("CheckoutSchema (HTML form through Conform)", () => {
  it("accepts a valid form, trims, turns empty optional fields and the empty message into null", () => {
    const submission = parseWithZod(form(VALID), { schema: CheckoutSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      email: "Clara.Bloom@Example.com",
      firstName: "Clara",
      lastName: "Bloom",
      addressLine1: "12 Lace Lane",
      addressLine2: null,
      city: "Kraków",
      state: null,
      postalCode: "30-001",
      country: "FR",
      customerMessage: null,
      useLoyaltyPoints: false,
      discountCode: null,
      isGift: false,
      agreeToTerms: true,
      createAccount: false,
      password: undefined,
      confirmPassword: undefined,
    });
  });

  it("reports every field's message at once, beside its field", () => {
    expect(formErrors(EMPTY_FORM)).toEqual({
      email: [T.invalidEmail],
      firstName: [T.firstNameRequired],
      lastName: [T.lastNameRequired],
      addressLine1: [T.addressRequired],
      city: [T.cityRequired],
      postalCode: [T.postalCodeRequired],
      country: [T.countryRequired],
      agreeToTerms: [T.termsRequired],
    });
    // The texts themselves, exactly as the shop shows them.
    expect(T).toMatchObject({
      invalidEmail: "Please enter a valid email address",
      firstNameRequired: "First name is required",
      lastNameRequired: "Last name is required",
      addressRequired: "Address is required",
      cityRequired: "City is required",
      postalCodeRequired: "Postal code is required",
      countryRequired: "Country is required",
      messageTooLong: "Message must be 200 characters or less",
      termsRequired: "You must agree to the terms and conditions",
      passwordRule: "Password must be at least 6 characters and passwords must match",
    });
  });

  it("refuses whitespace-only required fields, bad e-mails and unknown countries", () => {
    expect(formErrors({ ...VALID, firstName: "   ", city: " " })).toEqual({ firstName: [T.firstNameRequired], city: [T.cityRequired] });
    for (const email of ["a@b", "clara@localhost", "no-at-sign.com", "two@@example.com", "x@example.c"]) {
      expect(formErrors({ ...VALID, email }), email).toEqual({ email: [T.invalidEmail] });
    }
    // Any ISO code passes the schema (whether a zone ships there is placeOrder's); anything else is refused.
    expect(formErrors({ ...VALID, country: "PL" })).toBeNull();
    expect(formErrors({ ...VALID, country: "" })).toEqual({ country: [T.countryRequired] });
    for (const country of ["us", "XX", "USA", "EU"]) expect(formErrors({ ...VALID, country }), country).toEqual({ country: [SHIPPING_TEXT.notShipped] });
  });

  it("keeps a message of 200 characters (trimmed first) and refuses 201", () => {
    const ok = parseWithZod(form({ ...VALID, customerMessage: `  ${"m".repeat(200)}  ` }), { schema: CheckoutSchema });
    expect(ok.status === "success" && ok.value.customerMessage).toBe("m".repeat(200));
    expect(formErrors({ ...VALID, customerMessage: "m".repeat(201) })).toEqual({ customerMessage: [T.messageTooLong] });
    const blank = parseWithZod(form({ ...VALID, customerMessage: "   " }), { schema: CheckoutSchema });
    expect(blank.status === "success" && blank.value.customerMessage).toBeNull();
    const kept = parseWithZod(form({ ...VALID, customerMessage: "  Gift wrap, please \n" }), { schema: CheckoutSchema });
    expect(kept.status === "success" && kept.value.customerMessage).toBe("Gift wrap, please");
  });

  it("reads checkboxes: 'on' is ticked, absent is not", () => {
    const ticked = parseWithZod(form({ ...VALID, useLoyaltyPoints: "on" }), { schema: CheckoutSchema });
    expect(ticked.status === "success" && ticked.value.useLoyaltyPoints).toBe(true);
    expect(formErrors({ ...VALID, agreeToTerms: undefined })).toEqual({ agreeToTerms: [T.termsRequired] });
    expect(formErrors({ ...VALID, agreeToTerms: "yes" })).not.toBeNull();
  });

  it("createAccount: passwords of at least 6 characters that match, else one message on confirmPassword", () => {
    const account = { ...VALID, createAccount: "on" };
    expect(formErrors({ ...account })).toEqual({ confirmPassword: [T.passwordRule] });
    expect(formErrors({ ...account, password: "12345", confirmPassword: "12345" })).toEqual({ confirmPassword: [T.passwordRule] });
    expect(formErrors({ ...account, password: "123456", confirmPassword: "1234567" })).toEqual({ confirmPassword: [T.passwordRule] });
    const ok = parseWithZod(form({ ...account, password: "secret1", confirmPassword: "secret1" }), { schema: CheckoutSchema });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toMatchObject({ createAccount: true, password: "secret1", confirmPassword: "secret1" });
    // Not ticked: whatever sits in the (no-JavaScript) password fields is ignored and dropped.
    const ignored = parseWithZod(form({ ...VALID, password: "x", confirmPassword: "y" }), { schema: CheckoutSchema });
    expect(ignored.status === "success" && ignored.value).toMatchObject({ createAccount: false, password: undefined });
    // The account rule is reported together with the other fields' errors.
    expect(formErrors({ ...EMPTY_FORM, createAccount: "on", password: "abc" })).toMatchObject({
      firstName: [T.firstNameRequired],
      confirmPassword: [T.passwordRule],
    });
  });
});

describe("CheckoutSchema (JSON)", () => {
  const json = { ...VALID, agreeToTerms: true, useLoyaltyPoints: false, customerMessage: null, addressLine2: null, state: undefined };

  it("takes JSON booleans for the same checkboxes", () => {
    const result = CheckoutSchema.safeParse({ ...json, useLoyaltyPoints: true, createAccount: false });
    expect(result.success && result.data).toMatchObject({ useLoyaltyPoints: true, agreeToTerms: true, createAccount: false, customerMessage: null });
    expect(jsonErrors({ ...json, agreeToTerms: false })).toEqual({ agreeToTerms: [T.termsRequired] });
    expect(jsonErrors({ ...json, agreeToTerms: "true" })).toHaveProperty("agreeToTerms");
    expect(jsonErrors({ ...json, useLoyaltyPoints: 1 })).toHaveProperty("useLoyaltyPoints");
    expect(jsonErrors({ ...json, createAccount: true, password: "secret1", confirmPassword: "secret2" })).toEqual({
      confirmPassword: [T.passwordRule],
    });
  });

  it("gives the required messages for missing, null and empty values alike", () => {
    for (const firstName of [undefined, null, "", "  "]) {
      expect(jsonErrors({ ...json, firstName }), String(firstName)).toEqual({ firstName: [T.firstNameRequired] });
    }
    expect(jsonErrors({ ...json, email: 42 })).toEqual({ email: [T.invalidEmail] });
    expect(jsonErrors({ ...json, customerMessage: "x".repeat(201) })).toEqual({ customerMessage: [T.messageTooLong] });
  });
});

describe("OrderCreateSchema (the API payload onto the same rules)", () => {
  const payload = {
    email: "guest@example.com",
    subtotal: "48.00",
    shippingCost: "8.00",
    shippingName: "Standard Shipping",
    loyaltyDiscount: "0.00",
    total: "56.00",
    status: "unpaid",
    shippingAddress: {
      firstName: "Ada",
      lastName: "Lovelace",
      addressLine1: "1 Loom St",
      addressLine2: "",
      city: "London",
      state: "",
      postalCode: "N1",
      country: "GB",
    },
    items: [{ productId: 3, title: "Sweater", price: "24.00", quantity: 2, colorId: null }],
    useLoyaltyPoints: false,
    customerMessage: null,
  };

  it("maps the payload onto the checkout fields and keeps the client's figures apart", () => {
    const result = OrderCreateSchema.safeParse(payload);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.input).toMatchObject({
      email: "guest@example.com",
      firstName: "Ada",
      addressLine2: null,
      state: null,
      country: "GB",
      agreeToTerms: true,
      createAccount: false,
      customerMessage: null,
    });
    expect(result.data.figures).toEqual({
      subtotalCents: 4800,
      shippingCents: 800,
      shippingName: "Standard Shipping",
      loyaltyDiscountCents: 0,
      totalCents: 5600,
      items: [{ productId: 3, colorId: null, variationCode: null, quantity: 2, priceCents: 2400 }],
    });
  });

  it("runs the form's messages at the payload's paths", () => {
    const result = OrderCreateSchema.safeParse({ ...payload, email: "nope", shippingAddress: { ...payload.shippingAddress, postalCode: " ", country: "XX" } });
    expect(result.success).toBe(false);
    if (result.success) return;
    const byPath = Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({
      email: T.invalidEmail,
      "shippingAddress.postalCode": T.postalCodeRequired,
      "shippingAddress.country": SHIPPING_TEXT.notShipped,
    });
  });

  it("accepts an absent agreeToTerms, refuses false; refuses a non-unpaid status and bad amounts", () => {
    expect(OrderCreateSchema.safeParse({ ...payload, agreeToTerms: true }).success).toBe(true);
    const refused = OrderCreateSchema.safeParse({ ...payload, agreeToTerms: false });
    expect(refused.success || refused.error.issues.map((i) => i.message)).toEqual([T.termsRequired]);
    const paid = OrderCreateSchema.safeParse({ ...payload, status: "paid" });
    expect(paid.success || paid.error.issues[0]!.message).toBe(T.notUnpaid);
    for (const total of ["-1.00", "12.345", "abc", ""]) {
      expect(OrderCreateSchema.safeParse({ ...payload, total }).success, total).toBe(false);
    }
    expect(OrderCreateSchema.safeParse({ ...payload, shippingAddress: "somewhere" }).success).toBe(false);
    expect(OrderCreateSchema.safeParse({ ...payload, items: [{ productId: 3, quantity: 0 }] }).success).toBe(false);
  });

  it("figures are optional: only the checkout fields are needed", () => {
    const { subtotal: _s, shippingCost: _c, shippingName: _n, loyaltyDiscount: _l, total: _t, items: _i, status: _st, ...bare } = payload;
    const result = OrderCreateSchema.safeParse(bare);
    expect(result.success && result.data.figures).toEqual({
      subtotalCents: undefined,
      shippingCents: undefined,
      shippingName: undefined,
      loyaltyDiscountCents: undefined,
      totalCents: undefined,
      items: undefined,
    });
  });
});
