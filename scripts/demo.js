// npm run demo: build, migrate, seed data/shop.db with a year of history when it is empty, then serve on http://localhost:3000.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const env = {
  ...process.env,
  NODE_ENV: "production",
  DEMO: "1",
  PORT: process.env.PORT ?? "3000",
  HOST: process.env.HOST ?? "127.0.0.1",
  DATABASE_PATH: process.env.DATABASE_PATH ?? "data/shop.db",
  PAYPAL_MODE: process.env.PAYPAL_MODE ?? "emulator",
};
const dataDir = path.dirname(path.resolve(root, env.DATABASE_PATH));
// The request log goes to a file beside the database; the terminal keeps the start-up lines and errors.
env.LOG_FILE ??= path.join(dataDir, "logs/demo.log");
// The PayPal emulator keeps the demo's payments beside the database, so refunds work after a restart.
const emulated = existsSync(path.join(root, "tools/paypal-emulator/cli.ts")) && env.PAYPAL_MODE === "emulator";
if (emulated) env.PAYPAL_EMULATOR_STATE_FILE ??= path.join(dataDir, "paypal-emulator.json");

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n${path.basename(cmd)} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

run("npm", ["run", "build"]);
run(bin("tsx"), ["scripts/migrate.ts"]);
const hasProducts =
  existsSync(path.resolve(root, env.DATABASE_PATH)) &&
  (() => {
    const check = spawnSync(
      process.execPath,
      [
        "-e",
        `const D=require('better-sqlite3');const d=new D(process.argv[1],{readonly:true});process.stdout.write(String(d.prepare('select count(*) n from products').get().n))`,
        path.resolve(root, env.DATABASE_PATH),
      ],
      { cwd: root, encoding: "utf8" },
    );
    return check.status === 0 && Number(check.stdout) > 0;
  })();
if (hasProducts) {
  console.log("Database already has products: skipping the seed.");
  // A demo shop from before the emulator kept a file: its year's payments are registered now.
  if (env.PAYPAL_EMULATOR_STATE_FILE && !existsSync(env.PAYPAL_EMULATOR_STATE_FILE)) {
    const result = spawnSync(bin("tsx"), ["scripts/demo-year.ts"], { cwd: root, env, stdio: "inherit" });
    if (result.status !== 0) console.error("The demo's PayPal payments could not be registered: refunds of its older orders will be refused.");
  }
} else {
  // A new shop gets a new PayPal account: what the emulator kept for an earlier one goes.
  if (env.PAYPAL_EMULATOR_STATE_FILE) rmSync(env.PAYPAL_EMULATOR_STATE_FILE, { force: true });
  run(bin("tsx"), ["scripts/seed.ts"]);
  // Only a shop seeded just now gets a year of made-up history (db/seed/demo-year.ts); a
  // database someone already uses is left as it is.
  run(bin("tsx"), ["scripts/demo-year.ts"]);
}

const children = [];
if (emulated) {
  const port = (env.PAYPAL_EMULATOR_PORT ??= "4010");
  env.PAYPAL_API_BASE ??= `http://127.0.0.1:${port}`;
  // The emulator and the shop share these demo credentials unless real ones are set.
  env.PAYPAL_CLIENT_ID ??= "emulator-client-id";
  env.PAYPAL_CLIENT_SECRET ??= "emulator-client-secret";
  // The emulator tells the shop about payments and refunds through its webhook, like PayPal.
  env.PAYPAL_WEBHOOK_URL ??= `http://127.0.0.1:${env.PORT}/api/paypal/webhook`;
  children.push(spawn(bin("tsx"), ["tools/paypal-emulator/cli.ts"], { cwd: root, env, stdio: "inherit" }));
}
// The National Bank of Poland's rates for the indicative złoty amounts: unless NBP_API_BASE is
// set, a local stand-in for the bank's API (tools/nbp-stand-in/), so the demo works offline.
if (!env.NBP_API_BASE && env.PAYPAL_MODE === "emulator") {
  const port = (env.NBP_STAND_IN_PORT ??= "3195");
  env.NBP_API_BASE = `http://127.0.0.1:${port}/api`;
  children.push(spawn(bin("tsx"), ["tools/nbp-stand-in/cli.ts"], { cwd: root, env, stdio: "inherit" }));
}
// E-mail: unless SMTP_URL is set, a small local SMTP server (tools/mail-catcher/: smtp-server +
// mailparser) receives every message and keeps it in data/mail; /admin/outbox shows them.
if (!env.SMTP_URL) {
  const port = (env.MAIL_CATCHER_PORT ??= "1025");
  env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  env.MAIL_CATCHER_DIR ??= path.join(root, "data/mail");
  children.push(spawn(bin("tsx"), ["tools/mail-catcher/cli.ts"], { cwd: root, env, stdio: "inherit" }));
}
// The shop's server, one process per core (server/index.ts; WEB_CONCURRENCY to choose).
const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts", "build/index.js"], { cwd: root, env, stdio: "inherit" });
children.push(server);
announceWhenReady();

/** Once the shop answers /healthz: where it is and who signs in, said once, after everything else. */
async function announceWhenReady() {
  const shop = `http://localhost:${env.PORT}`;
  const probe = `http://${env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST}:${env.PORT}/healthz`;
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) return;
    const ok = await fetch(probe, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      const admin = env.ADMIN_EMAIL ? `${env.ADMIN_EMAIL} with the password in ADMIN_PASSWORD` : "admin@example.com / admin12345";
      const lines = [
        "",
        `The demo shop is ready: ${shop}`,
        `  Admin:     ${admin}  (${shop}/admin-login)`,
        `  Customer:  anna.kowalski@example.com / stitches-demo-2026  (any demo customer's address works with that password)`,
        ...(env.MAIL_CATCHER_DIR ? [`  E-mails:   ${shop}/admin/outbox  (as the admin)`] : []),
        `  Log:       ${path.relative(root, env.LOG_FILE) || env.LOG_FILE}  (requests; errors show here too)`,
        "Stop it with Ctrl+C.",
        "",
      ];
      console.log(lines.join("\n"));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`The shop did not answer on ${probe}: see ${env.LOG_FILE}`);
}

const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
