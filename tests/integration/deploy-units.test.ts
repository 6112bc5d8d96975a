import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyTemplate } from "../helpers/db";
import { runDir } from "../helpers/run-dir";

// The systemd units in deploy/ as docs/deploy.md installs them: checked by systemd itself, and
// the backup unit's command run exactly as systemd would run it.
const repo = path.resolve(import.meta.dirname, "../..");
const deploy = path.join(repo, "deploy");
const SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze";
const root = path.join(runDir(), `deploy-units-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Unit = Record<string, Array<[string, string]>>;

/** A unit file's sections, each a list of key=value pairs in order (keys may repeat). */
function readUnit(name: string): Unit {
  const unit: Unit = {};
  let section = "";
  for (const raw of readFileSync(path.join(deploy, name), "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      unit[section] ??= [];
      continue;
    }
    const eq = line.indexOf("=");
    unit[section]!.push([line.slice(0, eq), line.slice(eq + 1)]);
  }
  return unit;
}

function values(unit: Unit, section: string, key: string): string[] {
  return (unit[section] ?? []).filter(([k]) => k === key).map(([, v]) => v);
}

function one(unit: Unit, section: string, key: string): string | undefined {
  const all = values(unit, section, key);
  expect(all.length, `${section}.${key}`).toBeLessThanOrEqual(1);
  return all[0];
}

const shop = readUnit("doll-boutique.service");
const backup = readUnit("doll-boutique-backup.service");
const timer = readUnit("doll-boutique-backup.timer");
const replicate = readUnit("doll-boutique-replicate.service");
const SERVICES = { "doll-boutique.service": shop, "doll-boutique-backup.service": backup, "doll-boutique-replicate.service": replicate };

/** The unit's Environment= settings. */
function environmentOf(unit: Unit): Record<string, string> {
  return Object.fromEntries(values(unit, "Service", "Environment").map((v) => [v.slice(0, v.indexOf("=")), v.slice(v.indexOf("=") + 1)]));
}

describe("deploy/ systemd units", () => {
  it("systemd accepts all four files without a single complaint", () => {
    if (!existsSync(SYSTEMD_ANALYZE)) throw new Error(`${SYSTEMD_ANALYZE} is missing: install Debian's systemd package (.ci/run does).`);
    const files = ["doll-boutique.service", "doll-boutique-backup.service", "doll-boutique-backup.timer", "doll-boutique-replicate.service"];
    const result = spawnSync(SYSTEMD_ANALYZE, ["verify", ...files], {
      cwd: deploy,
      encoding: "utf8",
    });
    expect(result.stderr + result.stdout).toBe("");
    expect(result.status).toBe(0);
  });

  it("the shop restarts on failure, reads its settings from a file, and runs sandboxed as its own user", () => {
    expect(one(shop, "Service", "Restart")).toBe("on-failure");
    expect(one(shop, "Service", "EnvironmentFile")).toBe("/etc/doll-boutique/env");
    expect(one(shop, "Service", "PrivateTmp")).toBe("yes");
    expect(one(shop, "Service", "NoNewPrivileges")).toBe("yes");
    expect(one(shop, "Service", "ProtectSystem")).toBe("strict");
    expect(one(shop, "Service", "ProtectHome")).toBe("yes");
    expect(one(shop, "Service", "CapabilityBoundingSet")).toBe("");
    expect(one(shop, "Service", "User")).toBe("doll-boutique");
    expect(one(shop, "Service", "Environment")).toBe("NODE_ENV=production");
    // The command `npm start` runs, without npm in between (signals reach the server itself).
    const start = (JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start!;
    expect(one(shop, "Service", "ExecStart")).toBe(start.replace(/^node /, "/usr/bin/node ").replace("./build/", "build/"));
    expect(one(shop, "Install", "WantedBy")).toBe("multi-user.target");
  });

  it("both services may write exactly where DATABASE_PATH, UPLOAD_DIR and BACKUP_DIR point, and the docs use the same paths", () => {
    const state = `/var/lib/${one(shop, "Service", "StateDirectory")}`;
    expect(one(backup, "Service", "StateDirectory")).toBe(one(shop, "Service", "StateDirectory"));
    const env = environmentOf(backup);
    expect(Object.keys(env).sort()).toEqual(["BACKUP_DIR", "DATABASE_PATH", "UPLOAD_DIR"]);
    for (const value of Object.values(env)) expect(value.startsWith(`${state}/`)).toBe(true);
    // The shop's settings file in docs/deploy.md names the same three.
    const guide = readFileSync(path.join(repo, "docs/deploy.md"), "utf8");
    for (const [name, value] of Object.entries(env)) expect(guide).toContain(`${name}=${value}`);
    for (const unit of [shop, backup]) {
      expect(one(unit, "Service", "PrivateTmp")).toBe("yes");
      expect(one(unit, "Service", "NoNewPrivileges")).toBe("yes");
      expect(one(unit, "Service", "ProtectSystem")).toBe("strict");
    }
  });

  it("every service has a memory and a task limit, each with a comment saying why", () => {
    for (const [name, unit] of Object.entries(SERVICES)) {
      const memory = one(unit, "Service", "MemoryMax");
      const tasks = one(unit, "Service", "TasksMax");
      expect(memory, name).toMatch(/^(\d+[MG]|\d{1,2}%)$/);
      expect(Number(tasks), name).toBeGreaterThanOrEqual(32);
      expect(Number(tasks), name).toBeLessThanOrEqual(1024);
      // The lines right above the limits say what they were measured against.
      expect(readFileSync(path.join(deploy, name), "utf8"), name).toMatch(/(#[^\n]*\n)+MemoryMax=[^\n]+\nTasksMax=/);
    }
    // The shop (one process per core) leaves a quarter of the machine to Caddy, sshd and the replicator.
    expect(one(shop, "Service", "MemoryMax")).toBe("75%");
  });

  it("the replicator runs db:replicate's script with only DATABASE_PATH and its own settings file, sandboxed as the shop", () => {
    const script = (JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["db:replicate"]!;
    expect(one(replicate, "Service", "ExecStart")).toBe(script.replace(/^tsx /, "/usr/bin/node --import tsx "));
    expect(environmentOf(replicate)).toEqual({ DATABASE_PATH: environmentOf(backup).DATABASE_PATH });
    // Its own file: the replica's URL and credentials, none of the shop's secrets.
    expect(one(replicate, "Service", "EnvironmentFile")).toBe("/etc/doll-boutique/replica.env");
    expect(one(replicate, "Service", "Restart")).toBe("on-failure");
    // db:replicate exits 78 on settings a restart cannot fix.
    expect(one(replicate, "Service", "RestartPreventExitStatus")).toBe("78");
    expect(one(replicate, "Service", "StateDirectory")).toBe(one(shop, "Service", "StateDirectory"));
    expect(one(replicate, "Install", "WantedBy")).toBe("multi-user.target");
    const hardening = (shop.Service ?? []).filter(([key]) =>
      /^(Private|Protect|Restrict|NoNew|Lock|RemoveIPC|Capability|SystemCall|UMask|User|Group)/.test(key),
    );
    expect(hardening.length).toBeGreaterThan(15);
    for (const [key, value] of hardening) expect(one(replicate, "Service", key), key).toBe(value);
  });

  it("the replicator's command replicates with only its settings and PATH, as systemd runs it, and stops on SIGTERM", async () => {
    const state = path.join(root, "replicate-var-lib");
    const databasePath = environmentOf(replicate).DATABASE_PATH!.replace("/var/lib/doll-boutique", state);
    mkdirSync(state, { recursive: true });
    copyTemplate(databasePath);
    const [command, ...args] = one(replicate, "Service", "ExecStart")!.split(/\s+/);
    const child = spawn(command!, args, {
      cwd: one(replicate, "Service", "WorkingDirectory")!.replace("/opt/doll-boutique", repo),
      env: {
        PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
        DATABASE_PATH: databasePath,
        LITESTREAM_REPLICA_URL: `file://${path.join(root, "replica")}`,
      } as Record<string, string> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const deadline = Date.now() + 20_000;
    while (!existsSync(`${databasePath}.replication.json`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(existsSync(`${databasePath}.replication.json`)).toBe(true);
    expect(stderr).toMatch(/msg="snapshot written"/);
    expect(stderr.split("\n").filter((line) => /level=ERROR|^(Replication|Heartbeat) failed|^Could not/.test(line))).toEqual([]);
  }, 30_000);

  it("the timer starts the backup daily and makes up a missed day", () => {
    expect(one(timer, "Timer", "OnCalendar")).toMatch(/^\*-\*-\* \d\d:\d\d:00 UTC$/);
    expect(one(timer, "Timer", "Persistent")).toBe("true");
    expect(one(timer, "Install", "WantedBy")).toBe("timers.target");
    expect(one(backup, "Service", "Type")).toBe("oneshot");
  });

  it("the backup unit's command succeeds with only its three settings and PATH, as systemd runs it", () => {
    // The unit's paths, moved into this test's folder: /opt/doll-boutique is this checkout.
    const state = path.join(root, "var-lib");
    const move = (value: string) => value.replace("/var/lib/doll-boutique", state).replace("/opt/doll-boutique", repo);
    const env = Object.fromEntries(Object.entries(environmentOf(backup)).map(([k, v]) => [k, move(v)]));
    mkdirSync(path.dirname(env.DATABASE_PATH!), { recursive: true });
    copyTemplate(env.DATABASE_PATH!);
    const [command, ...args] = one(backup, "Service", "ExecStart")!.split(/\s+/);
    const result = spawnSync(command!, args, {
      cwd: move(one(backup, "Service", "WorkingDirectory")!),
      // systemd's own PATH for services, and nothing else but the unit's settings.
      env: { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin", ...env } as Record<string, string> as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).not.toMatch(/failed|error/i);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/integrity ok/);
    expect(readdirSync(env.BACKUP_DIR!).filter((f) => f.endsWith(".db"))).toHaveLength(1);
  }, 60_000);
});

describe("docs/deploy.md", () => {
  const guide = readFileSync(path.join(repo, "docs/deploy.md"), "utf8");

  it("names only settings that exist: the shop's (.env.example), Caddy's (deploy/Caddyfile) and NODE_ENV", () => {
    const example = readFileSync(path.join(repo, ".env.example"), "utf8");
    const caddyfile = readFileSync(path.join(deploy, "Caddyfile"), "utf8");
    const known = new Set([
      ...[...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!),
      ...[...caddyfile.matchAll(/\{\$([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
      "NODE_ENV",
      "WEBHOOK_EVENT_TYPES",
    ]);
    const named = new Set([...guide.matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g)].map((m) => m[1]!));
    expect([...named].filter((name) => !known.has(name))).toEqual([]);
    expect(named.size).toBeGreaterThan(15);
  });

  it("runs only commands package.json has", () => {
    const scripts = Object.keys((JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);
    const used = [...guide.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(3);
    expect(used.filter((name) => !scripts.includes(name))).toEqual([]);
    for (const file of [...guide.matchAll(/\b(scripts\/[a-z-]+\.(?:ts|cjs)|deploy\/[A-Za-z.-]+)/g)].map((m) => m[1]!)) {
      expect(existsSync(path.join(repo, file)), file).toBe(true);
    }
  });

  it("subscribes the webhook to every event type the shop handles", async () => {
    const { WEBHOOK_EVENT_TYPES } = await import("~/domain/payments/webhooks.server");
    for (const type of WEBHOOK_EVENT_TYPES) expect(guide).toContain(`\`${type}\``);
    expect(guide).toContain("/api/paypal/webhook");
  });
});
