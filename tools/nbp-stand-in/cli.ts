// The stand-in for the National Bank of Poland's API alone: tsx tools/nbp-stand-in/cli.ts
// (NBP_STAND_IN_PORT, default 3195; NBP_STAND_IN_MID, the dollar's rate, default 3.65). See index.ts.
import { startNbpStandIn } from "./index";

const rawPort = process.env.NBP_STAND_IN_PORT ?? "3195";
const port = Number(rawPort);
if (!/^\d+$/.test(rawPort) || port > 65535) {
  console.error(`NBP_STAND_IN_PORT must be a port number, got "${rawPort}"`);
  process.exit(1);
}
const baseMid = Number(process.env.NBP_STAND_IN_MID ?? 3.65);
try {
  const standIn = await startNbpStandIn({ port, host: process.env.HOST || "127.0.0.1", baseMid: Number.isFinite(baseMid) ? baseMid : 3.65 });
  console.log(`NBP stand-in: the bank's exchange-rate API on ${standIn.url} (NBP_API_BASE)`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(`NBP stand-in could not start on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
