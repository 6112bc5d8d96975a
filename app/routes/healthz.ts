import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/web/session.server";
import { checkHealth } from "~/domain/ops/health.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

/**
 * GET /healthz: 200 {status: "ok", db: "ok"}, 503 {status: "error", db: "error"} when the database
 * does not answer. The details (last backup, e-mails waiting, free disk, the replica's last sync) are for an admin session
 * only: to anyone else they would say how the shop is run.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A database that does not answer must still give 503, not fail on reading the session.
  const [{ ok, health }, user] = await Promise.all([
    checkHealth(db, getEnv().DATABASE_PATH, getEnv().LITESTREAM_REPLICA_URL),
    getOptionalUser(request).catch(() => null),
  ]);
  const status = ok ? "ok" : "error";
  const body = user?.isAdmin ? { status, ...health } : { status, db: health.db };
  return json(body, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
