import { z } from "zod";
import { NAME_MAX, STATEMENT_MAX, WITHDRAWAL_TEXT } from "~/domain/withdrawals/rules";

/** What may stand before the digits of an order number as people copy it: '#252', '№ 252', 'No. 252', 'nr 252'. */
const ORDER_NUMBER_PREFIX = /^(?:#|№|no\.?|nr\.?)\s*/i;

/**
 * An order number typed as the e-mails write it ('#252', ' 252 ') becomes the number; anything
 * else is left for the number schema to refuse. Numbers (the API's JSON) pass as they are.
 */
export function orderNumberFromText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const bare = value.trim().replace(ORDER_NUMBER_PREFIX, "").trim();
  if (bare === "") return undefined;
  return /^\d{1,12}$/.test(bare) ? Number(bare) : value;
}

/** The native pattern of the order number field: the same prefixes as orderNumberFromText, then digits. */
export const ORDER_NUMBER_PATTERN = "\\s*(#|№|[Nn][Oo]\\.?|[Nn][Rr]\\.?)?\\s*\\d{1,10}\\s*";

/** The withdrawal's one input: the page's two steps and POST /api/withdrawals alike. */
export const WithdrawalSchema = z.object({
  orderId: z.preprocess(
    orderNumberFromText,
    z
      .number({ required_error: WITHDRAWAL_TEXT.orderIdInvalid, invalid_type_error: WITHDRAWAL_TEXT.orderIdInvalid })
      .int(WITHDRAWAL_TEXT.orderIdInvalid)
      .positive(WITHDRAWAL_TEXT.orderIdInvalid)
      .max(2 ** 31, WITHDRAWAL_TEXT.orderIdInvalid),
  ),
  email: z
    .string({ required_error: WITHDRAWAL_TEXT.emailInvalid, invalid_type_error: WITHDRAWAL_TEXT.emailInvalid })
    .trim()
    .min(1, WITHDRAWAL_TEXT.emailInvalid)
    .max(254, WITHDRAWAL_TEXT.emailInvalid)
    .email(WITHDRAWAL_TEXT.emailInvalid),
  name: z
    .string({ required_error: WITHDRAWAL_TEXT.nameRequired, invalid_type_error: WITHDRAWAL_TEXT.nameRequired })
    .trim()
    .min(1, WITHDRAWAL_TEXT.nameRequired)
    .max(NAME_MAX, WITHDRAWAL_TEXT.nameTooLong),
  statement: z.string({ invalid_type_error: WITHDRAWAL_TEXT.statementTooLong }).trim().max(STATEMENT_MAX, WITHDRAWAL_TEXT.statementTooLong).nullish(),
});
export type WithdrawalInput = z.infer<typeof WithdrawalSchema>;
