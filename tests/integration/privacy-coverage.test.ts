import { sql } from "kysely";
import { DELETION_COVERAGE } from "~/domain/privacy/deletion.server";
import { EXPORT_COVERAGE, exportAccountData } from "~/domain/privacy/export.server";
import { db } from "~/lib/db.server";

/**
 * The privacy export and the account deletion each declare every table that holds a person's
 * data (EXPORT_COVERAGE, DELETION_COVERAGE). This reads the live schema (this file's migrated
 * database), finds every such table by the rule below, and fails when one is missing from either
 * declaration: a new feature's table must be decided in both, with a reason when it is left out.
 *
 * The rule: a table holds a person's data when it is `users`, or when one of its columns names a
 * person,
 *   - an account: `user_id`, `actor_id`, or any foreign key to `users` (`saved_by_id`, `uploaded_by`);
 *   - an e-mail address: `email`, `*_email`, `*_address` (`to_address`; never `*_address_line1`);
 *   - a network address: `ip`, `*_ip`;
 *   - a guest's session: `session_key`;
 * or when it has a foreign key to a table that does (its rows hang on a person's rows: an order's
 * items, a review's photos), followed to the end.
 */

interface Column {
  name: string;
}
interface ForeignKey {
  table: string;
  from: string;
}

const NAMES_A_PERSON = [/^user_id$/, /^actor_id$/, /^(email|\w+_email)$/, /^\w+_address$/, /^(ip|\w+_ip)$/, /^session_key$/];

async function schema(): Promise<Map<string, { columns: string[]; references: ForeignKey[] }>> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const out = new Map<string, { columns: string[]; references: ForeignKey[] }>();
  for (const { name } of tables.rows) {
    const columns = await sql<Column>`select name from pragma_table_info(${name})`.execute(db);
    const references = await sql<ForeignKey>`select "table", "from" from pragma_foreign_key_list(${name})`.execute(db);
    out.set(name, { columns: columns.rows.map((c) => c.name), references: references.rows });
  }
  return out;
}

/** Every table holding a person's data, each with the columns or references that make it so. */
async function personalTables(): Promise<Map<string, string[]>> {
  const tables = await schema();
  const personal = new Map<string, string[]>([["users", ["the accounts"]]]);
  for (const [name, t] of tables) {
    const why = [
      ...t.columns.filter((c) => NAMES_A_PERSON.some((re) => re.test(c))),
      ...t.references.filter((r) => r.table === "users").map((r) => `${r.from} → users`),
    ];
    if (why.length > 0) personal.set(name, why);
  }
  // Rows hanging on a person's rows, to the end of the chain.
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, t] of tables) {
      if (personal.has(name)) continue;
      const via = t.references.find((r) => personal.has(r.table));
      if (via) {
        personal.set(name, [`${via.from} → ${via.table}`]);
        grew = true;
      }
    }
  }
  return personal;
}

const exported: Record<string, string> = EXPORT_COVERAGE.exported;
const notExported: Record<string, string> = EXPORT_COVERAGE.notExported;
const removed: Record<string, string> = DELETION_COVERAGE.removed;
const kept: Record<string, string> = DELETION_COVERAGE.kept;

afterAll(async () => {
  await db.destroy();
});

describe("every table holding a person's data is decided by the export and the deletion", () => {
  it("the rule finds the tables known to hold a person's data, and no catalogue table", async () => {
    const personal = await personalTables();
    for (const table of ["users", "orders", "order_items", "sessions", "outbox", "known_signins", "reviews", "review_photos", "withdrawals", "activity_log"]) {
      expect(personal.has(table), table).toBe(true);
    }
    for (const table of ["products", "categories", "colors", "settings"]) expect(personal.has(table), table).toBe(false);
  });

  it("the export carries each one, or says why not", async () => {
    const personal = await personalTables();
    const undecided = [...personal].filter(([table]) => !(table in exported) && !(table in notExported)).map(([table, why]) => `${table} (${why.join(", ")})`);
    expect(undecided, "add them to EXPORT_COVERAGE in app/domain/privacy/export.server.ts").toEqual([]);
  });

  it("the deletion removes or keeps each one, and says why it keeps it", async () => {
    const personal = await personalTables();
    const undecided = [...personal].filter(([table]) => !(table in removed) && !(table in kept)).map(([table, why]) => `${table} (${why.join(", ")})`);
    expect(undecided, "add them to DELETION_COVERAGE in app/domain/privacy/deletion.server.ts").toEqual([]);
  });

  it("the declarations name real tables, each with its reason, and no table both exported and not", async () => {
    const tables = await schema();
    // Where a table goes may be one word ("profile"); why it is left out or kept takes a sentence.
    const minimum = { exported: 1, removed: 1, notExported: 20, kept: 20 };
    for (const [list, entries] of Object.entries({ exported, notExported, removed, kept })) {
      for (const [table, text] of Object.entries(entries)) {
        expect(tables.has(table), `${list}: ${table}`).toBe(true);
        expect(text.trim().length, `${list}: ${table}`).toBeGreaterThanOrEqual(minimum[list as keyof typeof minimum]);
      }
    }
    expect(Object.keys(exported).filter((t) => t in notExported)).toEqual([]);
  });

  it("each part of the export that EXPORT_COVERAGE names is in the export", async () => {
    const user = await db
      .insertInto("users")
      .values({ email: "coverage@example.com", first_name: "Cora", last_name: "Coverage" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const data = (await exportAccountData(db, user.id)) as unknown as Record<string, unknown>;
    for (const [table, where] of Object.entries(exported)) {
      // "signInHistory.sessions (…)" → signInHistory, sessions; "orders[].items" → orders only (its rows may be empty).
      const [top, nested] = /^[\w.[\]]+/.exec(where)![0].split(".");
      const key = top!.replace("[]", "");
      expect(data, `${table}: ${where}`).toHaveProperty(key);
      if (nested && !top!.endsWith("[]")) expect(data[key], `${table}: ${where}`).toHaveProperty(nested);
    }
  });
});
