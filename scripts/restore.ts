// npm run db:restore -- FILE: puts a backup back into DATABASE_PATH. Refuses while anything
// (the shop) has the database open, checks the backup's integrity first, and keeps the
// replaced file aside as <DATABASE_PATH>.replaced-<UTC time>. Reads only DATABASE_PATH and UPLOAD_DIR.
// npm run db:restore -- --from-replica: the same, from the newest state of LITESTREAM_REPLICA_URL
// (restored by Litestream into a folder beside the database first).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { isDatabaseInUse, restoreBackup } from "../app/domain/ops/backup.server";
import { findLitestream, restoreReplica } from "../app/domain/ops/litestream.server";
import { type OpsEnv, runOpsCommand } from "../app/lib/ops-env.server";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- FILE   (a shop-<UTC time>.db from BACKUP_DIR), or npm run db:restore -- --from-replica");
  process.exit(2);
}
const fromReplica = file === "--from-replica";

function restore(env: OpsEnv, backupFile: string, what?: string) {
  const result = restoreBackup({ backupFile, databasePath: env.DATABASE_PATH, uploadDir: env.UPLOAD_DIR });
  console.log(`Restored ${what ?? result.restored} into ${env.DATABASE_PATH} (integrity ok).`);
  if (result.keptAside) console.log(`The replaced database is kept as ${result.keptAside}.`);
  console.log(`${result.uploadsCopied} upload files copied back into ${env.UPLOAD_DIR}.`);
  console.log(
    `Every session was ended (${result.sessionsEnded}) and every open e-mail link voided (${result.linksVoided}): everyone signs in again, and links sent before the restore no longer work.`,
  );
}

await runOpsCommand("Restore refused", fromReplica ? ["DATABASE_PATH", "UPLOAD_DIR", "LITESTREAM_REPLICA_URL"] : ["DATABASE_PATH", "UPLOAD_DIR"], (env) => {
  if (!fromReplica) return restore(env, file);
  // Asked before the download as well as after it (restoreBackup asks again): no use fetching a replica for nothing.
  if (isDatabaseInUse(env.DATABASE_PATH)) {
    throw new Error(`${env.DATABASE_PATH} is in use (is the shop or db:replicate running?). Stop both first, then restore.`);
  }
  const litestream = findLitestream();
  mkdirSync(path.dirname(path.resolve(env.DATABASE_PATH)), { recursive: true, mode: 0o700 });
  const dir = mkdtempSync(`${path.resolve(env.DATABASE_PATH)}.from-replica-`);
  try {
    const copy = path.join(dir, "replica.db");
    restoreReplica(litestream, { databasePath: env.DATABASE_PATH, replicaUrl: env.LITESTREAM_REPLICA_URL!, output: copy });
    restore(env, copy, `the replica at ${env.LITESTREAM_REPLICA_URL}`);
    console.log("The replica holds the database only: bring the uploads back from their own copy (docs/deploy.md, section 10).");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
