/** Above this many seconds behind, the replica counts as stale (db:replica-check exits 1, the admin is told). */
export const REPLICA_LAG_LIMIT_S = 60;
