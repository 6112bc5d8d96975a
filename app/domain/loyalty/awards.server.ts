import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { AWARD_TEXT } from "~/domain/loyalty/award-texts";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { type AwardPointsInput } from "~/domain/loyalty/schemas";
import { enqueuePointsAwardedMail } from "~/domain/mail/account-mail.server";
import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Gives a customer points by e-mail (any case), writing an admin_reward history event with
 * the balance after, in one transaction. Throws DomainError 404 for an unknown e-mail.
 */
export async function awardPoints(
  db: DB,
  input: AwardPointsInput,
  actor: Actor = SYSTEM_ACTOR,
): Promise<{ email: string; points: number; loyaltyPoints: number }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "first_name as firstName"])
      .where(sql<boolean>`email = ${input.email} COLLATE NOCASE`)
      .executeTakeFirst();
    if (!user) throw new DomainError(AWARD_TEXT.awardUnknownEmail, 404, "email");
    const loyaltyPoints = await recordPointsEvent(trx, user.id, {
      type: "admin_reward",
      description: "Points awarded by the shop",
      points: input.points,
    });
    await logActivity(trx, {
      actor,
      kind: "points.award",
      subjectType: "user",
      subjectId: user.id,
      summary: `${input.points} points awarded to ${user.email}`,
      changes: { loyaltyPoints: [loyaltyPoints - input.points, loyaltyPoints] },
    });
    await enqueuePointsAwardedMail(trx, user, input.points, loyaltyPoints);
    return { email: user.email, points: input.points, loyaltyPoints };
  });
}
