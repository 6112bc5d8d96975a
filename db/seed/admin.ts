// The seed's admin: who it is (ADMIN_EMAIL, ADMIN_PASSWORD, or the built-in one of a demo) and her row.
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../../app/domain/auth/password.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../app/domain/auth/password-policy.server";
import { PASSWORD_MIN } from "../../app/domain/auth/schemas";
import type { Database } from "../../app/lib/db-schema";
import { NOT_A_DEMO_MESSAGE } from "./demo-marker";

type DB = Kysely<Database>;

/** The built-in admin of demonstration and development shops (README). */
export const DEMO_ADMIN_PASSWORD = "admin12345";
export const DEMO_ADMIN_EMAIL = "admin@example.com";

/** The environment the admin comes from (ADMIN_EMAIL, ADMIN_PASSWORD). */
type SeedEnv = Readonly<Record<string, string | undefined>>;

/**
 * The password for the admin the seed creates. A real shop's (any database but a demo one,
 * isDemoSeed in demo-marker.ts) must be given and must not be the demo's (it is in the README
 * for anyone to read); throws naming ADMIN_PASSWORD otherwise.
 */
export function resolveAdminPassword(env: SeedEnv, demo: boolean): string {
  const given = env.ADMIN_PASSWORD?.trim() ? env.ADMIN_PASSWORD : undefined;
  if (!demo) {
    if (!given) throw new Error(`ADMIN_PASSWORD must be set for a real shop: ${BUILT_IN_ADMIN_ONLY_IN_A_DEMO}.`);
    if (given.trim() === DEMO_ADMIN_PASSWORD) throw new Error(`ADMIN_PASSWORD is the demo password (${DEMO_ADMIN_PASSWORD}): choose your own for a real shop.`);
  }
  return given ?? DEMO_ADMIN_PASSWORD;
}

/**
 * The address of the admin the seed creates. A real shop's must be given and must not be the
 * demo's admin@example.com (nobody there reads the shop's mail); throws naming ADMIN_EMAIL otherwise.
 */
export function resolveAdminEmail(env: SeedEnv, demo: boolean): string {
  const given = env.ADMIN_EMAIL?.trim() || undefined;
  if (!demo && (!given || given.toLowerCase() === DEMO_ADMIN_EMAIL)) {
    throw new Error(
      `ADMIN_EMAIL must be set to the owner's own address for a real shop (${DEMO_ADMIN_EMAIL} is the demo's): ${BUILT_IN_ADMIN_ONLY_IN_A_DEMO}.`,
    );
  }
  return given ?? DEMO_ADMIN_EMAIL;
}

const BUILT_IN_ADMIN_ONLY_IN_A_DEMO = "the built-in admin is only for a demo database, a new one seeded with DEMO=1";

function assertAdminPasswordAllowed(password: string): void {
  if (!password || password.length < PASSWORD_MIN) throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters`);
  if (isCommonPassword(password)) throw new Error(`ADMIN_PASSWORD is too common: ${COMMON_PASSWORD_MESSAGE}`);
}

async function findUserByEmail(db: DB, address: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "is_admin", "email_verified_at"])
    .where(sql<boolean>`email = ${address} COLLATE NOCASE`)
    .executeTakeFirst();
}

/**
 * Creates the admin account, or leaves an existing admin as it is. Never promotes: when the
 * address belongs to a customer it throws, naming the account and the explicit command.
 */
export async function seedAdmin(db: DB, email: string, password: string, demo: boolean): Promise<"created" | "unchanged"> {
  const address = email.trim();
  if (!address) throw new Error("ADMIN_EMAIL is empty");
  const existing = await findUserByEmail(db, address);
  if (existing) {
    if (existing.is_admin === 1) return "unchanged";
    throw new Error(
      `ADMIN_EMAIL ${existing.email} belongs to an existing customer account, and the seed never promotes an account. ` +
        `Choose another ADMIN_EMAIL, or make this account an admin on purpose with: npm run db:promote -- ${existing.email}`,
    );
  }
  // Whoever calls: the README's admin never goes into a real shop's database.
  if (!demo && (address.toLowerCase() === DEMO_ADMIN_EMAIL || password.trim() === DEMO_ADMIN_PASSWORD)) {
    throw new Error(`The built-in admin (${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}) goes only into a demo database; ${NOT_A_DEMO_MESSAGE}`);
  }
  assertAdminPasswordAllowed(password);
  await db
    .insertInto("users")
    .values({
      email: address.toLowerCase(),
      password_hash: await hashPassword(password),
      first_name: "Shop",
      last_name: "Owner",
      is_admin: 1,
      email_verified_at: new Date().toISOString(),
    })
    .execute();
  return "created";
}
