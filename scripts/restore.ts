// npm run db:restore -- FILE: puts a backup back into DATABASE_PATH. Refuses while anything
// (the shop) has the database open, checks the backup's integrity first, and keeps the
// replaced file aside as <DATABASE_PATH>.replaced-<UTC time>. Reads only DATABASE_PATH and UPLOAD_DIR.
import { restoreBackup } from "../app/domain/ops/backup.server";
import { runOpsCommand } from "../app/lib/ops-env.server";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- FILE   (a shop-<UTC time>.db from BACKUP_DIR)");
  process.exit(2);
}
await runOpsCommand("Restore refused", ["DATABASE_PATH", "UPLOAD_DIR"], (env) => {
  const result = restoreBackup({ backupFile: file, databasePath: env.DATABASE_PATH, uploadDir: env.UPLOAD_DIR });
  console.log(`Restored ${result.restored} into ${env.DATABASE_PATH} (integrity ok).`);
  if (result.keptAside) console.log(`The replaced database is kept as ${result.keptAside}.`);
  console.log(`${result.uploadsCopied} upload files copied back into ${env.UPLOAD_DIR}.`);
  console.log(
    `Every session was ended (${result.sessionsEnded}) and every open e-mail link voided (${result.linksVoided}): everyone signs in again, and links sent before the restore no longer work.`,
  );
});
