/*
 * The two yearly thresholds the dashboard watches and the owner is alerted about, in grosze, and
 * how their figures read. Browser-safe: the dashboard card formats nothing itself.
 */

export type ThresholdKey = "eu-distance" | "exemption";

/** The levels (percent of a threshold) that send the owner one e-mail each per year. */
export const ALERT_LEVELS = [80, 100] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** 42,000 zł: the EU distance-selling threshold (EUR 10,000, VAT Act art. 22a); 240,000 zł: the exemption limit (art. 113 ust. 1). */
export const THRESHOLD_LIMITS_GROSZE: Record<ThresholdKey, number> = {
  "eu-distance": 4_200_000,
  exemption: 24_000_000,
};

export const THRESHOLD_LABELS: Record<ThresholdKey, string> = {
  "eu-distance": "EU cross-border sales",
  exemption: "All sales",
};

const ZLOTY = new Intl.NumberFormat("pl-PL", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
const WHOLE_ZLOTY = new Intl.NumberFormat("pl-PL", { maximumFractionDigits: 0, useGrouping: true });

/** Grosze the Polish way: 1234567 → '12 345,67 zł' (with no-break spaces); whole złoty without the decimals. */
export function formatZloty(grosze: number, whole = false): string {
  return `${(whole ? WHOLE_ZLOTY : ZLOTY).format(grosze / 100)}\u00a0zł`;
}

/** The whole percent reached, rounded down: 79.99 % is still 79 %, as the alerts count it. */
export function percentOf(grosze: number, limitGrosze: number): number {
  return Math.max(0, Math.floor((grosze * 100) / limitGrosze));
}

/** The highest alert level a figure has reached, or null below the first. */
export function levelReached(grosze: number, limitGrosze: number): AlertLevel | null {
  const percent = percentOf(grosze, limitGrosze);
  return [...ALERT_LEVELS].reverse().find((level) => percent >= level) ?? null;
}
