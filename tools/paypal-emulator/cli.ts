// npm run paypal:emulator: serves the PayPal emulator alone (see index.ts).
import { startPaypalEmulator } from "./index";

const rawPort = process.env.PAYPAL_EMULATOR_PORT ?? "4010";
const port = Number(rawPort);
if (!/^\d+$/.test(rawPort) || port > 65535) {
  console.error(`PAYPAL_EMULATOR_PORT must be a port number, got "${rawPort}"`);
  process.exit(1);
}
const host = process.env.HOST || "127.0.0.1";
const defaulted: string[] = [];
const clientId = process.env.PAYPAL_CLIENT_ID || (defaulted.push("PAYPAL_CLIENT_ID=emulator-client-id"), "emulator-client-id");
const clientSecret = process.env.PAYPAL_CLIENT_SECRET || (defaulted.push("PAYPAL_CLIENT_SECRET=emulator-client-secret"), "emulator-client-secret");

// The buyer's browser reaches the approval page on localhost unless told otherwise (port 0: the emulator's own URL).
const publicUrl = process.env.PAYPAL_EMULATOR_PUBLIC_URL || (port === 0 ? undefined : `http://localhost:${port}`);

let emulator: Awaited<ReturnType<typeof startPaypalEmulator>>;
try {
  emulator = await startPaypalEmulator({
    port,
    host,
    clientId,
    clientSecret,
    publicUrl,
    webhookUrl: process.env.PAYPAL_WEBHOOK_URL || undefined,
    webhookId: process.env.PAYPAL_WEBHOOK_ID || undefined,
    stateFile: process.env.PAYPAL_EMULATOR_STATE_FILE || undefined,
  });
} catch (error) {
  console.error(`PayPal emulator could not start on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

if (defaulted.length > 0) console.log(`PayPal emulator: no credentials in the environment, accepting ${defaulted.join(" and ")}`);
console.log(`PayPal emulator listening on ${emulator.url} (approval pages at ${publicUrl ?? emulator.url})`);
if (process.env.PAYPAL_EMULATOR_STATE_FILE) console.log(`PayPal emulator: keeping its payments in ${process.env.PAYPAL_EMULATOR_STATE_FILE}`);
if (process.env.PAYPAL_WEBHOOK_URL) console.log(`PayPal emulator: sending webhooks to ${process.env.PAYPAL_WEBHOOK_URL}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
