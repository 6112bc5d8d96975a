import { z } from "zod";
import { NAME_MAX, STATEMENT_MAX, WITHDRAWAL_TEXT } from "~/domain/withdrawals/rules";

/** The withdrawal's one input: the page's two steps and POST /api/withdrawals alike. */
export const WithdrawalSchema = z.object({
  orderId: z
    .number({ required_error: WITHDRAWAL_TEXT.orderIdInvalid, invalid_type_error: WITHDRAWAL_TEXT.orderIdInvalid })
    .int(WITHDRAWAL_TEXT.orderIdInvalid)
    .positive(WITHDRAWAL_TEXT.orderIdInvalid)
    .max(2 ** 31, WITHDRAWAL_TEXT.orderIdInvalid),
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
