import { enqueuePointsAwardedMail } from "~/domain/mail/account-mail.server";
import { sql } from "kysely";
import { type AwardPointsInput, type StoreSettingsInput } from "~/domain/admin/schemas";
import { displayName, STORE_TEXT, type StoreSettings } from "~/domain/admin/store-texts";
import { DomainError } from "~/domain/common/errors";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { type DB } from "~/lib/sqlite.server";

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "Admin" | "Customer";
  isAdmin: boolean;
  loyaltyPoints: number;
  createdAt: string;
}

/** Users for the admin Users tab and GET /api/admin/users, newest first. */
export async function listAdminUsers(db: DB, limit = 1000): Promise<AdminUserRow[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "first_name as firstName", "last_name as lastName", "is_admin as isAdmin", "loyalty_points as loyaltyPoints", "created_at as createdAt"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: displayName(r.firstName, r.lastName, r.email),
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.isAdmin === 1 ? "Admin" : "Customer",
    isAdmin: r.isAdmin === 1,
    loyaltyPoints: r.loyaltyPoints,
    createdAt: r.createdAt,
  }));
}

/**
 * Gives a customer points by e-mail (any case), writing an admin_reward history event with
 * the balance after, in one transaction. Throws DomainError 404 for an unknown e-mail.
 */
export async function awardPoints(db: DB, input: AwardPointsInput): Promise<{ email: string; points: number; loyaltyPoints: number }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "first_name as firstName"])
      .where(sql<boolean>`email = ${input.email} COLLATE NOCASE`)
      .executeTakeFirst();
    if (!user) throw new DomainError(STORE_TEXT.awardUnknownEmail, 404, "email");
    const loyaltyPoints = await recordPointsEvent(trx, user.id, {
      type: "admin_reward",
      description: "Points awarded by the shop",
      points: input.points,
    });
    await enqueuePointsAwardedMail(trx, user, input.points, loyaltyPoints);
    return { email: user.email, points: input.points, loyaltyPoints };
  });
}

/** Saves the store's name, contact e-mail and description (settings key 'store'). */
export async function saveStoreSettings(db: DB, input: StoreSettingsInput): Promise<StoreSettings> {
  const value: StoreSettings = { name: input.name, email: input.email, description: input.description ?? "" };
  await db
    .insertInto("settings")
    .values({ key: "store", value: JSON.stringify(value) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
  return value;
}
