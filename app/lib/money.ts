/** Money is integer cents inside, "24.00" at the API and "$24.00" on pages. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${centsToDecimal(Math.abs(cents))}`;
}

/** Parses "24", "24.5" or "24.50" into cents; anything else is null. Never uses floats. */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const frac = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + frac;
}
