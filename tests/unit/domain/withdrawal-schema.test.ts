import { parseWithZod } from "@conform-to/zod";
import { ORDER_NUMBER_PATTERN, WithdrawalSchema } from "~/domain/withdrawals/schemas";
import { WITHDRAWAL_TEXT } from "~/domain/withdrawals/rules";

const fields = { email: "ada@example.com", name: "Ada" };
function formWith(orderId: string) {
  const data = new FormData();
  data.set("orderId", orderId);
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return parseWithZod(data, { schema: WithdrawalSchema });
}

describe("the withdrawal's order number, written as the e-mails write it", () => {
  it.each(["252", " 252 ", "#252", "# 252", "№252", "No. 252", "nr 252"])("the form takes %j as order 252", (typed) => {
    const submission = formWith(typed);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.orderId).toBe(252);
  });

  it.each(["", "#", "25a2", "##252", "252#", "-252", "0", "#99999999999", "<script>"])("refuses %j with the order number's message", (typed) => {
    const submission = formWith(typed);
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error?.orderId : null).toEqual([WITHDRAWAL_TEXT.orderIdInvalid]);
  });

  it("the API's JSON takes a number, and a string written as in the e-mails", () => {
    expect(WithdrawalSchema.safeParse({ ...fields, orderId: 252 }).success).toBe(true);
    expect(WithdrawalSchema.safeParse({ ...fields, orderId: "#252" }).data?.orderId).toBe(252);
    expect(WithdrawalSchema.safeParse({ ...fields, orderId: 2.5 }).success).toBe(false);
    expect(WithdrawalSchema.safeParse({ ...fields, orderId: null }).success).toBe(false);
  });

  it("the field's native pattern lets the same writings through and stops letters", () => {
    const pattern = new RegExp(`^(?:${ORDER_NUMBER_PATTERN})$`, "v");
    for (const ok of ["252", " 252 ", "#252", "№252", "No. 252"]) expect(pattern.test(ok)).toBe(true);
    for (const bad of ["25a2", "#", "##252", ""]) expect(pattern.test(bad)).toBe(false);
  });
});
