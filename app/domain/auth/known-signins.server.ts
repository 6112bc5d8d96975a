import { sql } from "kysely";
import { type DB } from "~/lib/sqlite.server";

/**
 * The network addresses an account signed in from with its password (`known_signins`): the
 * sign-in limits spare a known pair, and the account's data export lists them. Each row carries
 * the account, so the export and the deletion take the account's rows and never those of
 * whoever used its address before (docs/decisions/account-keyed-personal-data.md).
 */

/** Records a successful password sign-in of the account from `ip`, under its current address. */
export async function recordKnownSignIn(db: DB, signIn: { userId: number; email: string; ip: string; at: string }): Promise<void> {
  await db
    .insertInto("known_signins")
    .values({ email: signIn.email, ip: signIn.ip, last_at: signIn.at, user_id: signIn.userId })
    // A row of the address's earlier holder becomes this sign-in: its time and account are now this one's.
    .onConflict((oc) => oc.columns(["email", "ip"]).doUpdateSet({ last_at: signIn.at, user_id: signIn.userId }))
    .execute();
}

/**
 * The account's address changed: its known sign-ins go with it, in the caller's transaction, so
 * the next holder of the old address inherits none of them. A pair the new address already has
 * (a row of before that no account owns) keeps its row, and the account's stays where it was.
 */
export async function moveKnownSignIns(trx: DB, userId: number, email: string): Promise<void> {
  await sql`update or ignore known_signins set email = ${email} where user_id = ${userId}`.execute(trx);
}

/** The account's known sign-ins go, in the caller's transaction: the password they were made with was not its owner's. */
export async function forgetKnownSignIns(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom("known_signins").where("user_id", "=", userId).execute();
}
