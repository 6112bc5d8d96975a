import Database from "better-sqlite3";
import { E2E_DB_PATH } from "./session";

/** A row of `loyalty_events` for the e2e tests (there is no customer-facing API that writes one). */
export interface LoyaltyEventSpec {
  eventType?: "order_gain" | "order_spend" | "admin_reward" | "other";
  description?: string;
  /** Signed: positive earns, negative spends. */
  points: number;
  pointsAfter: number;
  createdAt?: string;
}

/** Writes the user's point events straight into the e2e database; returns their ids. */
export function insertLoyaltyEvents(userId: number, events: LoyaltyEventSpec[]): number[] {
  const db = new Database(E2E_DB_PATH);
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare("INSERT INTO loyalty_events (user_id, event_type, description, points, points_after, created_at) VALUES (?, ?, ?, ?, ?, ?)");
    return db
      .transaction(() =>
        events.map((e) =>
          Number(
            insert.run(userId, e.eventType ?? "admin_reward", e.description ?? "", e.points, e.pointsAfter, e.createdAt ?? new Date().toISOString())
              .lastInsertRowid,
          ),
        ),
      )
      .immediate();
  } finally {
    db.close();
  }
}
