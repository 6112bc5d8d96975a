import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FileMigrationProvider, type Kysely, Migrator } from "kysely";

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, "../db/migrations");

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<any>, log: (line: string) => void = () => {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) log(`${r.status === "Success" ? "applied" : r.status}: ${r.migrationName}`);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
