import { json } from "@remix-run/node";
import { checkHealth } from "~/domain/ops/health.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

/** GET /healthz: 200 {db: "ok", lastBackupAt, outboxPending, disk: {freeBytes}}, 503 when the database does not answer. */
export async function loader() {
  const { ok, health } = await checkHealth(db, getEnv().DATABASE_PATH);
  return json(health, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
