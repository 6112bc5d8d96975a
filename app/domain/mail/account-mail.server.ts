import { sql } from "kysely";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { type DB } from "~/lib/sqlite.server";

/** Account e-mails, queued in the caller's transaction. */

/** Welcome, once per account (e-mail registration or a new Google account). */
export async function enqueueWelcomeMail(trx: DB, userId: number, email: string, firstName: string): Promise<void> {
  await enqueueMail(trx, { eventKey: `welcome:${userId}`, to: email, kind: "welcome", data: { firstName }, userId });
}

/**
 * Points the owner awarded: one e-mail per history event (the event just written in this
 * transaction, the user's newest).
 */
export async function enqueuePointsAwardedMail(
  trx: DB,
  user: { id: number; email: string; firstName: string },
  points: number,
  balance: number,
): Promise<void> {
  const event = await trx
    .selectFrom("loyalty_events")
    .select(sql<number>`max(id)`.as("id"))
    .where("user_id", "=", user.id)
    .executeTakeFirstOrThrow();
  await enqueueMail(trx, {
    eventKey: `points-awarded:${event.id}`,
    to: user.email,
    kind: "points-awarded",
    data: { firstName: user.firstName, points, balance },
    userId: user.id,
  });
}
