import { REPLICA_LAG_LIMIT_S } from "~/domain/ops/replication-limits";

/** What the admin reads about the database's replication (Settings → Maintenance). */
export const REPLICATION_TEXT = {
  title: "Replication",
  notConfigured: "Replication: not configured",
  noSyncYet: "Replication: no sync yet. Is db:replicate running?",
  lastSync: "Last sync:",
  ago: (seconds: number) => `(${seconds} s ago)`,
  stale: `More than ${REPLICA_LAG_LIMIT_S} s ago: is db:replicate running?`,
  aboutOn: "Litestream copies every change of the database off this machine within seconds; npm run db:replica-check restores it to check.",
  aboutOff: "Set LITESTREAM_REPLICA_URL and run npm run db:replicate to copy every change of the database off this machine within seconds (docs/deploy.md).",
};
