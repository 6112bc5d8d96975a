import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

// Starts the built app on a fresh, seeded tests/.tmp/e2e.sqlite for the browser and API tests.
const root = path.resolve(import.meta.dirname, "../..");
const tmp = path.join(root, "tests/.tmp");
const dbFile = path.join(tmp, "e2e.sqlite");
const port = process.env.E2E_PORT ?? "3100";
mkdirSync(tmp, { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });

const env = {
  ...process.env,
  NODE_ENV: "production" as const,
  PORT: port,
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${port}`,
  DATABASE_PATH: dbFile,
  UPLOAD_DIR: path.join(tmp, "uploads"),
  SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret",
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "admin12345",
  PAYPAL_MODE: "emulator",
};

const seed = spawnSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/seed.ts")], { env, stdio: "inherit" });
if (seed.status !== 0) {
  console.error("Seeding the e2e database failed");
  process.exit(1);
}

const server = spawn(path.join(root, "node_modules/.bin/remix-serve"), [path.join(root, "build/index.js")], { env, stdio: "inherit" });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("exit", stop);
server.on("exit", (code) => process.exit(code ?? 0));
