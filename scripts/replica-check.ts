// npm run db:replica-check: restores the replica's newest state into a temporary file beside the
// database, checks its integrity, prints 'replica lag: N s' and exits 1 when the replica is more
// than 60 s behind (or cannot be restored). Reads only DATABASE_PATH, LITESTREAM_REPLICA_URL and
// the replica's credentials; safe while the shop and db:replicate run.
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { checkIntegrity } from "../app/domain/ops/backup.server";
import { findLitestream, newestReplicaPoint, restoreReplica } from "../app/domain/ops/litestream.server";
import { REPLICA_LAG_LIMIT_S } from "../app/domain/ops/replication-limits";
import { runOpsCommand } from "../app/lib/ops-env.server";

await runOpsCommand("Replica check failed", ["DATABASE_PATH", "LITESTREAM_REPLICA_URL"], (env) => {
  const opts = { databasePath: env.DATABASE_PATH, replicaUrl: env.LITESTREAM_REPLICA_URL! };
  const litestream = findLitestream();
  // The newest point first: what is restored after it is at least that new, so the lag is never understated.
  const point = newestReplicaPoint(litestream, opts);
  if (!point) throw new Error(`There is no replica at ${opts.replicaUrl} yet (has db:replicate run?)`);
  // Beside the database: the same disk, and a folder only its owner may read (it holds every customer).
  const dir = mkdtempSync(`${path.resolve(env.DATABASE_PATH)}.replica-check-`);
  try {
    const file = path.join(dir, "replica.db");
    restoreReplica(litestream, { ...opts, output: file });
    const integrity = checkIntegrity(file);
    if (integrity !== "ok") throw new Error(`the restored replica failed its integrity check: ${integrity}`);
    const lag = Math.max(0, Math.round((Date.now() - point.getTime()) / 1000));
    console.log(`Restored the replica as of ${point.toISOString()}: integrity ok.`);
    console.log(`replica lag: ${lag} s`);
    if (lag > REPLICA_LAG_LIMIT_S) {
      console.error(`Replica check failed: the replica is ${lag} s behind, more than ${REPLICA_LAG_LIMIT_S} s (is db:replicate running?)`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
