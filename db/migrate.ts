import { type Kysely, type MigrationProvider, Migrator } from "kysely";
import { migrations } from "./migrations/index";

// A static provider: works the same under tsx, vitest and any bundler (no dynamic import of .ts files).
const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<any>, log: (line: string) => void = () => {}): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) log(`${r.status === "Success" ? "applied" : r.status}: ${r.migrationName}`);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
