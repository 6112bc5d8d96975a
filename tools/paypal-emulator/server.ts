// The HTTP server: reads each body (up to MAX_BODY), holds captures while asked to, and hands the rest to the router.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readSnapshot, restoreSnapshot, snapshotOf, writeSnapshot } from "./persist";
import { handle } from "./router";
import { createState, type EmulatorContext, resetState } from "./state";
import { EMULATOR_WEBHOOK_ID, type PaypalEmulator, type PaypalEmulatorOptions } from "./types";

const MAX_BODY = 1024 * 1024;

export async function startPaypalEmulator(opts: PaypalEmulatorOptions): Promise<PaypalEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const emu: EmulatorContext = {
    state: createState(),
    config: {
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      tokenLifetime: opts.tokenLifetimeSeconds ?? 32400,
      publicUrl: opts.publicUrl,
      webhookUrl: opts.webhookUrl,
      webhookId: opts.webhookId ?? EMULATOR_WEBHOOK_ID,
      webhookEvents: opts.webhookEvents,
    },
    signingKey: randomBytes(32),
    inFlight: new Set(),
    ownUrl: "",
  };
  const stateFile = opts.stateFile;
  if (stateFile) {
    restoreSnapshot(emu.state, readSnapshot(stateFile));
    emu.persist = () => {
      try {
        writeSnapshot(stateFile, snapshotOf(emu.state));
      } catch (error) {
        console.error(`PayPal emulator: could not save its state to ${stateFile}`, error);
      }
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => handle(emu, req, res, tooLarge ? null : Buffer.concat(chunks)));
    req.on("error", () => res.destroy());
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  emu.ownUrl = `http://${urlHost}:${address.port}`;

  return {
    url: emu.ownUrl,
    state: emu.state,
    reset: () => resetState(emu.state),
    settled: async () => {
      while (emu.inFlight.size > 0) await Promise.all([...emu.inFlight]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
