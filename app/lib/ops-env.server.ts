import { statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

const REPLICA_SCHEMES = ["file", "sftp", "s3"];

/**
 * What is wrong with a replica URL for Litestream 0.3 (null when nothing is). A credential in it
 * would end up in logs, `ps` and the config: it belongs in the environment (LITESTREAM_ACCESS_KEY_ID,
 * …). The message never repeats the URL.
 */
export function replicaUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "not a URL (file:///srv/shop-replica, sftp://user@host/path or s3://bucket/path)";
  }
  const scheme = url.protocol.replace(/:$/, "");
  if (!REPLICA_SCHEMES.includes(scheme)) return `${scheme}:// is not a replica: use file://, sftp:// or s3://`;
  if (url.password || (scheme === "s3" && url.username)) {
    return "holds a credential: give it in the environment (LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY, or LITESTREAM_SFTP_KEY_PATH), never in the URL";
  }
  if (url.search || url.hash) return "takes no query or fragment";
  if (scheme === "file") return url.host || url.pathname.length < 2 ? "file:// takes an absolute folder: file:///srv/shop-replica" : null;
  return url.host ? null : `${scheme}:// needs a host or bucket`;
}

/**
 * The settings of the operational commands (db:migrate, db:backup, db:restore, db:promote,
 * db:replicate, db:replica-check), and the first fields of the server's own environment
 * (env.server.ts): a crontab line or a systemd unit with these alone runs them, and no session
 * secret, PayPal or mail setting is read.
 */
export const OpsEnvSchema = z.object({
  DATABASE_PATH: z.string().min(1, "must not be empty").default("data/shop.db"),
  UPLOAD_DIR: z.string().min(1, "must not be empty").default("public/uploads"),
  BACKUP_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default("data/backups")),
  /** Where Litestream replicates the database (docs/decisions/litestream-replication.md); unset: no replication. */
  LITESTREAM_REPLICA_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = replicaUrlProblem(value);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      })
      .optional(),
  ),
});

export type OpsEnv = z.infer<typeof OpsEnvSchema>;
export type OpsSetting = keyof OpsEnv;

/** A setting the command cannot work with; its message is the one line the command prints. */
export class OpsSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OpsSettingsError";
  }
}

function kindOf(file: string): "folder" | "file" | null {
  try {
    return statSync(file).isDirectory() ? "folder" : "file";
  } catch {
    return null;
  }
}

/** The nearest part of `file`'s path that exists, when it is not a folder (so nothing can be made below it). */
function blockingFile(dir: string): string | null {
  let current = path.resolve(dir);
  for (;;) {
    const kind = kindOf(current);
    if (kind === "file") return current;
    if (kind === "folder") return null;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/**
 * Reads the settings from `source` and checks, for the ones the command `uses`, that the
 * filesystem agrees: the database's folder and the two folders are folders (or can be made), and
 * that LITESTREAM_REPLICA_URL is set. Throws OpsSettingsError with one line naming the setting.
 */
export function parseOpsEnv(source: Record<string, string | undefined>, uses: readonly OpsSetting[]): OpsEnv {
  const parsed = OpsEnvSchema.safeParse({
    DATABASE_PATH: source.DATABASE_PATH,
    UPLOAD_DIR: source.UPLOAD_DIR,
    BACKUP_DIR: source.BACKUP_DIR,
    LITESTREAM_REPLICA_URL: source.LITESTREAM_REPLICA_URL,
  });
  if (!parsed.success) {
    throw new OpsSettingsError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  const env = parsed.data;
  for (const name of uses) {
    if (name === "LITESTREAM_REPLICA_URL") {
      if (!env.LITESTREAM_REPLICA_URL) {
        throw new OpsSettingsError("LITESTREAM_REPLICA_URL is not set: say where to replicate to (file:///…, sftp://… or s3://…; docs/deploy.md)");
      }
      continue;
    }
    const value = env[name];
    const folder = name === "DATABASE_PATH" ? path.dirname(value) : value;
    if (name === "DATABASE_PATH" && kindOf(value) === "folder") throw new OpsSettingsError(`DATABASE_PATH: ${value} is a folder, not a database file`);
    const blocking = blockingFile(folder);
    if (blocking) throw new OpsSettingsError(`${name}: ${blocking} is a file, not a folder (${name}=${value})`);
  }
  return env;
}

/**
 * The shell of an operational command: reads only the settings it uses, runs it, and turns any
 * failure into one line on stderr and exit code 1 (a stack trace helps nobody reading cron mail).
 */
export async function runOpsCommand(what: string, uses: readonly OpsSetting[], main: (env: OpsEnv) => Promise<void> | void): Promise<void> {
  try {
    await main(parseOpsEnv(process.env, uses));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${what}: ${message.replace(/\s*\n\s*/g, " ")}`);
    process.exitCode = 1;
  }
}
