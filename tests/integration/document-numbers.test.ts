import { nextDocumentNumber, numberingPeriod } from "~/domain/records/numbering.server";
import { createTestDb } from "../helpers/db";

/* Invoice and credit-note numbers: consecutive per kind and month, no gap, none taken by a rolled-back write. */

const db = createTestDb();
afterAll(() => db.destroy());

describe("document numbers", () => {
  it("count per kind and month from 1, in the shop's own month", async () => {
    const nov = new Date("2026-11-15T12:00:00Z");
    expect((await nextDocumentNumber(db, "invoice", nov)).number).toBe("FV/2026/11/1");
    expect((await nextDocumentNumber(db, "invoice", nov)).number).toBe("FV/2026/11/2");
    expect((await nextDocumentNumber(db, "credit", nov)).number).toBe("KOR/2026/11/1");
    // 23:30 UTC on 30 November is already December in Warsaw.
    expect(numberingPeriod(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12");
    expect(await nextDocumentNumber(db, "invoice", new Date("2026-11-30T23:30:00Z"))).toEqual({ number: "FV/2026/12/1", period: "2026-12", seq: 1 });
  });

  it("a write that fails gives its number back: the next one has no gap", async () => {
    const jan = new Date("2027-01-10T12:00:00Z");
    expect((await nextDocumentNumber(db, "invoice", jan)).seq).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await nextDocumentNumber(trx, "invoice", jan);
        throw new Error("the document could not be written");
      }),
    ).rejects.toThrow();
    expect((await nextDocumentNumber(db, "invoice", jan)).number).toBe("FV/2027/01/2");
  });

  it("simultaneous transactions take consecutive numbers, each once", async () => {
    const feb = new Date("2027-02-10T12:00:00Z");
    const numbers = await Promise.all(Array.from({ length: 12 }, () => db.transaction().execute((trx) => nextDocumentNumber(trx, "invoice", feb))));
    expect(numbers.map((n) => n.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});
