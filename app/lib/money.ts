/** Money is integer cents inside, "7246.00" at the API and in CSV, "$7,246.00" wherever a person reads it. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Thousands grouped after the sign and the dollar: "-$7,246.00". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const [whole = "0", fraction = "00"] = centsToDecimal(Math.abs(cents)).split(".");
  return `${sign}$${whole.replace(/\B(?=(\d{3})+$)/g, ",")}.${fraction}`;
}

/** An amount of the mail and API data ("7246.00", USD) for a person to read: "$7,246.00"; anything else as it came. */
export function formatDecimalMoney(amount: string): string {
  const negative = amount.trim().startsWith("-");
  const cents = decimalToCents(negative ? amount.trim().slice(1) : amount);
  return cents === null ? `$${amount}` : formatMoney(negative ? -cents : cents);
}

/**
 * `cents` US cents in grosze at the bank's `mid` (złoty per dollar, 4 decimals), rounded half up
 * in integers: 15000 × 4.0123 is 60184.49999… in floating point but 601.845 zł, so 601.85 zł.
 */
export function plnGrosze(cents: number, mid: number): number {
  const product = Math.trunc(cents) * Math.round(mid * 10_000);
  return Math.sign(product) * Math.floor((Math.abs(product) + 5_000) / 10_000);
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

/** The one message for a typed amount that is not a plain amount with at most two decimals. */
export const TYPED_AMOUNT_TEXT = "Enter an amount like 12.50";

/**
 * What a typed amount may look like: whole digits, then a decimal point (or, with `comma`, a
 * decimal comma) and one or two digits. No thousands separators, signs or spaces: "12,500" and
 * "1.234,50" could each mean two amounts, so they are refused rather than guessed.
 */
export function typedAmountRegex(maxWholeDigits: number, comma = true): RegExp {
  return new RegExp(`^\\d{1,${maxWholeDigits}}(?:[${comma ? ".," : "."}]\\d{1,2})?$`);
}

/** An amount the owner typed ("12,50", "12.5", "12") into cents; browser-safe, never uses floats. */
export function parseTypedAmount(text: string, { maxWholeDigits = 9, comma = true } = {}): { cents: number } | { error: string } {
  const trimmed = text.trim();
  if (!typedAmountRegex(maxWholeDigits, comma).test(trimmed)) return { error: TYPED_AMOUNT_TEXT };
  const [whole = "", fraction = ""] = trimmed.split(/[.,]/);
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, "0")) };
}
