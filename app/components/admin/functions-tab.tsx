import { Form } from "@remix-run/react";
import { confirmFirst, ConfirmStep } from "~/components/admin/store-parts";
import { formatBytes } from "~/lib/bytes";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { CATEGORY_TEXT } from "~/domain/catalogue/category-texts";
import { REPLICATION_TEXT } from "~/domain/ops/replication-texts";
import { type Replication } from "~/domain/ops/replication.server";

// Settings → Maintenance (the old `?tab=functions` redirects here).
const TAB = "/admin?tab=maintenance";

const FUNCTIONS = [
  {
    id: "recalculate" as const,
    intent: STORE_INTENTS.functionsRecalculate,
    label: "Recalculate Category Counts",
    about:
      "Counts the products in every category again. You would need it when a category's number in the shop menu or the Categories tab does not match what is in it, for example after many products were moved at once.",
    question: CATEGORY_TEXT.recalculateConfirm,
  },
  {
    id: "clean" as const,
    intent: STORE_INTENTS.functionsClean,
    label: "Clean Orphaned Relationships",
    about:
      "Removes links between products and categories where the product or the category no longer exists. You would need it only if a category shows products that are gone, or after an import or a crash left such links behind.",
    question: CATEGORY_TEXT.cleanConfirm,
  },
];

interface LastBackup {
  createdAt: string;
  file: string;
  sizeBytes: number;
  trigger: string;
}

const utc = (iso: string) => iso.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC");

/** The last sync Litestream reported, or why there is none. */
export function ReplicationCard({ replication }: { replication: Replication }) {
  return (
    <section className="form-card" aria-labelledby="fn-replication">
      <h3 id="fn-replication">{REPLICATION_TEXT.title}</h3>
      {!replication.configured ? (
        <p className="small" data-testid="replication">
          {REPLICATION_TEXT.notConfigured}
        </p>
      ) : replication.lastSyncAt === null ? (
        <p className="small" data-testid="replication">
          {REPLICATION_TEXT.noSyncYet}
        </p>
      ) : (
        <p className="small" data-testid="replication">
          {REPLICATION_TEXT.lastSync} <time dateTime={replication.lastSyncAt}>{utc(replication.lastSyncAt)}</time>{" "}
          {REPLICATION_TEXT.ago(replication.lagSeconds ?? 0)}
          {replication.stale ? <strong> {REPLICATION_TEXT.stale}</strong> : null}
        </p>
      )}
      <p className="muted small">{replication.configured ? REPLICATION_TEXT.aboutOn : REPLICATION_TEXT.aboutOff}</p>
    </section>
  );
}

export function FunctionsTab({
  data,
}: {
  data: { kind: "functions"; confirm: "recalculate" | "clean" | null; lastBackup: LastBackup | null; backupDir: string; replication: Replication };
}) {
  const asked = FUNCTIONS.find((f) => f.id === data.confirm);
  return (
    <section className="store-tab" aria-labelledby="functions-title">
      <h2 id="functions-title">Maintenance</h2>
      <p className="muted">Jobs the shop rarely needs by hand: each says what it does and when it helps.</p>
      {asked ? <ConfirmStep question={asked.question} action={TAB} intent={asked.intent} yes={`Yes, ${asked.label.toLowerCase()}`} cancelTo={TAB} /> : null}
      <div className="store-columns">
        {FUNCTIONS.map((f) => (
          <section key={f.id} className="form-card" aria-labelledby={`fn-${f.id}`}>
            <h3 id={`fn-${f.id}`}>{f.label}</h3>
            <p className="muted small">{f.about}</p>
            <Form method="post" action={TAB} onSubmit={confirmFirst(f.question)}>
              <input type="hidden" name="intent" value={f.intent} />
              <input type="hidden" name="confirmed" value="" />
              <button type="submit" className="button">
                {f.label}
              </button>
            </Form>
          </section>
        ))}
        <section className="form-card" aria-labelledby="fn-backup">
          <h3 id="fn-backup">Backups</h3>
          {data.lastBackup ? (
            <p className="small" data-testid="last-backup">
              Last backup: <time dateTime={data.lastBackup.createdAt}>{utc(data.lastBackup.createdAt)}</time>, {formatBytes(data.lastBackup.sizeBytes)} (
              {data.lastBackup.file})
            </p>
          ) : (
            <p className="small" data-testid="last-backup">
              No backup yet.
            </p>
          )}
          <p className="muted small">
            A checked copy of the database and the new product images, kept in {data.backupDir}. One is taken every day; 7 daily and 4 weekly copies are kept.
            Take one by hand before a big change, such as editing many products at once.
          </p>
          <Form method="post" action={TAB}>
            <input type="hidden" name="intent" value={STORE_INTENTS.backupNow} />
            <button type="submit" className="button">
              Back up now
            </button>
          </Form>
        </section>
        <ReplicationCard replication={data.replication} />
      </div>
    </section>
  );
}
