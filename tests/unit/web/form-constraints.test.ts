import { z } from "zod";
import { LoginSchema, RegisterSchema } from "~/domain/auth/schemas";
import { WithdrawalSchema } from "~/domain/withdrawals/schemas";
import { TrackingNumberSchema } from "~/domain/orders/schemas";
import { TRACKING_NUMBER_MAX } from "~/domain/orders/fulfilment";
import { digitsConstraint, fieldConstraint, formConstraints } from "~/web/form-constraints.server";

// Every form's native constraints come from the schema its action parses with.

describe("formConstraints", () => {
  it("gives each field the schema's required, lengths and number bounds", () => {
    const schema = z.object({
      name: z.string().trim().min(1).max(80),
      note: z.string().max(300).optional(),
      password: z.string().min(6).max(200),
      days: z.number().int().min(1).max(120),
    });
    expect(formConstraints(schema)).toEqual({
      name: { required: true, maxLength: 80 },
      note: { maxLength: 300 },
      password: { required: true, minLength: 6, maxLength: 200 },
      days: { required: true, min: 1, max: 120 },
    });
  });

  it("leaves out a minimum length of 1, which required already asks for", () => {
    expect(formConstraints(LoginSchema).email).toEqual({ required: true, maxLength: 254 });
    expect(formConstraints(RegisterSchema).password).toMatchObject({ required: true, minLength: 6, maxLength: 200 });
  });

  it("marks required the fields a domain rule requires, without changing the schema's own answer", () => {
    const schema = z.object({ currentPassword: z.string().max(200).optional() });
    expect(formConstraints(schema, { required: ["currentPassword"] }).currentPassword).toEqual({ required: true, maxLength: 200 });
    expect(formConstraints(schema).currentPassword).toEqual({ maxLength: 200 });
  });

  it("turns a whole number typed as text into digits no longer than the schema's maximum", () => {
    expect(digitsConstraint(formConstraints(WithdrawalSchema).orderId)).toEqual({ required: true, maxLength: 10, pattern: "\\d{1,10}" });
  });

  it("reads one field's schema alone", () => {
    expect(fieldConstraint(TrackingNumberSchema)).toEqual({ required: true, maxLength: TRACKING_NUMBER_MAX });
  });
});
