// npm run db:backup: an online, checked copy of DATABASE_PATH (and the uploads new since the
// last backup) into BACKUP_DIR, named by UTC time. Safe while the shop runs. Reads only
// DATABASE_PATH, UPLOAD_DIR and BACKUP_DIR (deploy/doll-boutique-backup.service runs it so).
import { runBackup } from "../app/domain/ops/backup.server";
import { runOpsCommand } from "../app/lib/ops-env.server";
import { openDatabase } from "../app/lib/sqlite.server";

await runOpsCommand("Backup failed", ["DATABASE_PATH", "UPLOAD_DIR", "BACKUP_DIR"], async (env) => {
  const db = openDatabase(env.DATABASE_PATH);
  const tty = process.stderr.isTTY;
  let shown = -1;
  try {
    const result = await runBackup(db, {
      databasePath: env.DATABASE_PATH,
      uploadDir: env.UPLOAD_DIR,
      backupDir: env.BACKUP_DIR,
      trigger: "script",
      onProgress(done) {
        // On a terminal every percent on one line; in a log one line per quarter.
        const pct = tty ? Math.floor(done * 100) : Math.floor(done * 4) * 25;
        if (pct === shown) return;
        shown = pct;
        process.stderr.write(tty ? `\rBacking up ${env.DATABASE_PATH}: ${pct}%` : `Backing up ${env.DATABASE_PATH}: ${pct}%\n`);
      },
    });
    if (tty) process.stderr.write("\n");
    console.log(
      `Backup ${result.file}: ${(result.sizeBytes / 1_048_576).toFixed(1)} MB, integrity ok, ` +
        `${result.uploadsCopied} new upload files, ${(result.durationMs / 1000).toFixed(2)} s` +
        (result.pruned.length ? `; removed ${result.pruned.length} old backups` : ""),
    );
  } catch (error) {
    if (tty && shown >= 0) process.stderr.write("\n");
    throw error;
  } finally {
    await db.destroy();
  }
});
