import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { EmailTokenSchema } from "~/domain/auth/email-schemas";
import { DomainError } from "~/domain/common/errors";
import { readFormData } from "~/web/http.server";

/**
 * The action of a page opened from an e-mail link (confirm a new address, undo a change): the
 * token comes back in the form, `spend` uses it up, and the page shows the outcome or the refusal.
 */
export async function emailTokenAction(request: Request, invalidText: string, spend: (token: string) => Promise<{ email: string }>) {
  const submission = parseWithZod(await readFormData(request), { schema: EmailTokenSchema });
  try {
    if (submission.status !== "success") throw new DomainError(invalidText, 400);
    const { email } = await spend(submission.value.token);
    return json({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: false as const, email: null, error: error.message }, { status: error.status });
  }
}
