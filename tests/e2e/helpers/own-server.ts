import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { E2E_DB_PATH } from "./db";

/**
 * A shop server of a test's own: `npm start` (server/index.ts on the build) in one process, on
 * a copy of the e2e database, a free port, and the settings the test gives. For tests that need
 * settings the shared server cannot have (TRUST_PROXY, no HOST...).
 */

export const ROOT = path.resolve(import.meta.dirname, "../../..");

export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, host, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One plain HTTP request; `localAddress` picks the client's own loopback address (127.0.0.2...). */
export function send(
  target: { host?: string; port: number; localAddress?: string },
  method: string,
  p: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.host ?? "127.0.0.1",
        port: target.port,
        localAddress: target.localAddress,
        method,
        path: p,
        headers: { ...headers, ...(body ? { "Content-Length": Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export interface OwnServer {
  port: number;
  dir: string;
  dbFile: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
  /** `kill -9`: the server dies at once, whatever it was doing; its database and folder stay for restart(). */
  kill(): Promise<void>;
  /** Starts the server again on the same database, port and settings (after kill()). */
  restart(): Promise<void>;
}

/** Starts the server and waits until /healthz answers on 127.0.0.1. `env` entries set to undefined are left out. */
export async function startOwnServer(env: Record<string, string | undefined>): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-own-"));
  const dbFile = path.join(dir, "shop.db");
  const source = new Database(E2E_DB_PATH, { readonly: true });
  await source.backup(dbFile);
  source.close();
  const port = await freePort();
  const full: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: dbFile,
    UPLOAD_DIR: path.join(dir, "uploads"),
    BACKUP_DIR: path.join(dir, "backups"),
    SESSION_SECRET: "own-server-secret-own-server-secret",
    LOG_LEVEL: "info",
    ...env,
  };
  const cleanEnv = Object.fromEntries(Object.entries(full).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  let log = "";
  let server: ChildProcess;
  let exited: Promise<void>;
  const launch = () => {
    server = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server/index.ts"), path.join(ROOT, "build/index.js")], {
      cwd: ROOT,
      env: cleanEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (c) => (log += c));
    server.stderr!.on("data", (c) => (log += c));
    const child = server;
    exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  };
  const running = () => server.exitCode === null && server.signalCode === null;
  const kill = async () => {
    if (!running()) return;
    server.kill("SIGKILL");
    await exited;
  };
  const stop = async () => {
    if (running()) {
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = async () => {
    for (let i = 0; ; i++) {
      const ok = await send({ port }, "GET", "/healthz").then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return;
      if (!running() || i > 150) {
        await stop();
        throw new Error(`the server did not start:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  launch();
  await ready();
  const restart = async () => {
    await kill();
    launch();
    await ready();
  };
  return { port, dir, dbFile, log: () => log, stop, kill, restart };
}
