// `npm test`: the four stages in order, stopping at the first that fails, then the time each took,
// so a slower suite shows where its time went.
import { spawnSync } from "node:child_process";

const STAGES = [
  ["typecheck", "npm run typecheck"],
  ["lint", "npm run lint"],
  ["unit", "npm run test:unit"],
  ["e2e", "npm run test:e2e"],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;

const times = [];
let failed = null;
for (const [name, command] of STAGES) {
  const start = Date.now();
  const run = spawnSync(command, { stdio: "inherit", shell: true });
  times.push([name, Date.now() - start, run.status === 0]);
  if (run.status !== 0) {
    failed = { name, code: run.status ?? 1 };
    break;
  }
}

const total = times.reduce((sum, [, ms]) => sum + ms, 0);
console.log("\nnpm test, time per stage:");
for (const [name, ms, ok] of times) console.log(`  ${name.padEnd(10)} ${seconds(ms).padStart(9)}${ok ? "" : "  FAILED"}`);
for (const [name] of STAGES.slice(times.length)) console.log(`  ${name.padEnd(10)} ${"not run".padStart(9)}`);
console.log(`  ${"total".padEnd(10)} ${minutes(total).padStart(9)}`);
process.exit(failed ? failed.code : 0);
