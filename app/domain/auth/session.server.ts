import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { type DB } from "~/lib/sqlite.server";
import { getEnv } from "~/lib/env.server";

export interface SessionData {
  userId?: number;
  /** Keys the guest's cart in the database. */
  cartKey?: string;
}

const SESSION_DAYS = 30;

function isSecure(): boolean {
  return getEnv().APP_URL.startsWith("https://");
}

/** Sessions live in the `sessions` table; the cookie only carries a random id. */
export function createShopSessionStorage(db: DB) {
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
    secrets: [getEnv().SESSION_SECRET],
  });
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(24).toString("base64url");
      // Now and then, sweep sessions that have expired (guest carts keep their own rows).
      if (Math.random() < 0.02) {
        await db.deleteFrom("sessions").where("expires_at", "<", new Date().toISOString()).execute();
      }
      await db
        .insertInto("sessions")
        .values({
          id,
          user_id: data.userId ?? null,
          data: JSON.stringify(data),
          expires_at: (expires ?? new Date(Date.now() + SESSION_DAYS * 864e5)).toISOString(),
        })
        .execute();
      return id;
    },
    async readData(id) {
      const row = await db
        .selectFrom("sessions")
        .select(["data", "expires_at as expiresAt"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      if (row.expiresAt < new Date().toISOString()) {
        await db.deleteFrom("sessions").where("id", "=", id).execute();
        return null;
      }
      try {
        return JSON.parse(row.data) as SessionData;
      } catch {
        return null;
      }
    },
    async updateData(id, data, expires) {
      await db
        .updateTable("sessions")
        .set({
          data: JSON.stringify(data),
          user_id: data.userId ?? null,
          expires_at: (expires ?? new Date(Date.now() + SESSION_DAYS * 864e5)).toISOString(),
        })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },
  });
}

export type ShopSession = Session<SessionData>;

/** One-shot notifications carried across a redirect in a small signed cookie (no database write). */
export interface Toast {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}

export function createToastCookie() {
  return createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(),
    path: "/",
    maxAge: 60,
    secrets: [getEnv().SESSION_SECRET],
  });
}
