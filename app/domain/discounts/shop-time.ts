/*
 * The shop's own clock (Europe/Warsaw) for the owner's date-and-time fields: what she types into
 * an <input type="datetime-local"> is Warsaw time, whatever the server's zone; stored instants
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
