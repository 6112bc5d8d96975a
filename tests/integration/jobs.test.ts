import { afterEach, describe, expect, it } from "vitest";
import { claimSlot, getLastJobRun, type Job, runJob, slotFor } from "~/domain/ops/jobs.server";
import { createTestDb } from "../helpers/db";

describe("background jobs", () => {
  const dbs: ReturnType<typeof createTestDb>[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
  });

  it("gives a slot to exactly one of several processes racing for it", async () => {
    const db = createTestDb();
    dbs.push(db);
    const wins = await Promise.all(Array.from({ length: 8 }, (_, i) => claimSlot(db, "backup", "2026-11-24T03:00:00.000Z", `host:${i}`)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claimSlot(db, "backup", "2026-11-25T03:00:00.000Z", "host:1")).toBe(true);
  });

  it("runs a once-job one time per slot and records the run, its error included", async () => {
    const db = createTestDb();
    dbs.push(db);
    let runs = 0;
    const job: Job = { name: "count", schedule: { everyMs: 60_000 }, once: true, run: () => void runs++ };
    const now = new Date("2026-11-24T10:00:30Z");
    expect(await runJob(db, job, now)).toBe(true);
    expect(await runJob(db, job, new Date("2026-11-24T10:00:59Z"))).toBe(false);
    expect(runs).toBe(1);
    expect(await getLastJobRun(db, "count")).toMatchObject({ slot: "2026-11-24T10:00:00.000Z", error: null });

    const failing: Job = {
      name: "fail",
      schedule: "0 3 * * *",
      once: true,
      run: () => {
        throw new Error("disk full");
      },
    };
    const origError = console.error;
    console.error = () => {};
    try {
      expect(await runJob(db, failing, now)).toBe(false);
    } finally {
      console.error = origError;
    }
    expect((await getLastJobRun(db, "fail"))?.error).toContain("disk full");
  });

  it("runs an every-process job without claiming", async () => {
    const db = createTestDb();
    dbs.push(db);
    let runs = 0;
    const job: Job = { name: "each", schedule: { everyMs: 1000 }, once: false, run: () => void runs++ };
    await runJob(db, job);
    await runJob(db, job);
    expect(runs).toBe(2);
    expect(slotFor(job, new Date("2026-11-24T10:00:01.500Z"))).toBe("2026-11-24T10:00:01.000Z");
  });
});
