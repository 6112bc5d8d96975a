/*
 * The shop's own clock (Europe/Warsaw): its calendar days and months (the bank's business days,
 * the records' months, a code's dates), and the owner's date-and-time fields (what she types into
 * an <input type="datetime-local"> is Warsaw time, whatever the server's zone). Stored instants
 * are ISO (UTC). Browser-safe.
 */

export const SHOP_TIME_ZONE = "Europe/Warsaw";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The Warsaw wall clock at an instant, as if it were UTC (ms). */
function wallClock(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/**
 * "2026-12-01T10:00" read as Warsaw time → its ISO instant; null when it is no date and time. A
 * time the clocks skip in spring is taken an hour later, as the clocks would show it.
 */
export function shopLocalToIso(text: string): string | null {
  const m = LOCAL.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // Two rounds find the offset in force at that wall time (one is off by the change's hour near it).
  const first = asUtc - (wallClock(asUtc) - asUtc);
  const instant = asUtc - (wallClock(first) - first);
  return new Date(instant).toISOString();
}

/** An ISO instant as the datetime-local field shows it in Warsaw time: "2026-12-01T10:00". */
export function isoToShopLocal(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Date(wallClock(ms)).toISOString().slice(0, 16);
}

/** An ISO instant for the owner's tables: "2026-12-01 10:00" in Warsaw time. */
export function shopDateTime(iso: string): string {
  return isoToShopLocal(iso).replace("T", " ");
}

const DAY = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The shop's calendar day of an instant: "2026-12-01". */
export function shopDay(at: Date | string | number): string {
  return DAY.format(new Date(at));
}

/** The shop's calendar month of an instant: "2026-12". */
export function shopMonth(at: Date | string | number): string {
  return shopDay(at).slice(0, 7);
}

/** The first instant of a month in the shop's time (Warsaw midnight of the 1st), ISO. */
export function shopMonthStart(year: number, month: number): string {
  return shopLocalToIso(`${year}-${String(month).padStart(2, "0")}-01T00:00`)!;
}
