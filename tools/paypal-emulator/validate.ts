// Request checks shared by orders and refunds: money, URLs, strings and PayPal's breakdown rules.
import { type Detail, detail, PaypalError } from "./errors";
import type { Money } from "./types";
import { isRecord } from "./util";

const AMOUNT = /^\d+(\.\d{2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

export function toCents(value: string): number {
  const [whole, fraction = "00"] = value.split(".");
  return Number(whole) * 100 + Number(fraction);
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Checks a Money object; pushes problems to `details`. Returns true when it is well formed. */
export function checkMoney(value: unknown, field: string, details: Detail[], { positive = false } = {}): value is Money {
  if (!isRecord(value)) {
    details.push(detail("MISSING_REQUIRED_PARAMETER", field));
    return false;
  }
  let ok = true;
  const { currency_code, value: amount } = value;
  if (currency_code === undefined || currency_code === null || currency_code === "") {
    details.push(detail("MISSING_REQUIRED_PARAMETER", `${field}/currency_code`));
    ok = false;
  } else if (typeof currency_code !== "string" || !CURRENCY.test(currency_code)) {
    details.push(detail("INVALID_PARAMETER_VALUE", `${field}/currency_code`, currency_code));
    ok = false;
  }
  if (amount === undefined || amount === null || amount === "") {
    details.push(detail("MISSING_REQUIRED_PARAMETER", `${field}/value`));
    ok = false;
  } else if (typeof amount !== "string" || !AMOUNT.test(amount) || amount.length > 32) {
    details.push(detail("INVALID_PARAMETER_SYNTAX", `${field}/value`, amount));
    ok = false;
  } else if (positive && toCents(amount) <= 0) {
    details.push(detail("INVALID_PARAMETER_VALUE", `${field}/value`, amount));
    ok = false;
  }
  return ok;
}

export function checkUrl(value: unknown, field: string, details: Detail[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > 4000) {
    details.push(detail("INVALID_PARAMETER_SYNTAX", field, typeof value === "string" ? undefined : value));
    return undefined;
  }
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
  } catch {
    details.push(detail("INVALID_PARAMETER_SYNTAX", field, value));
    return undefined;
  }
  return value;
}

export function checkString(value: unknown, field: string, max: number, details: Detail[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    details.push(detail("INVALID_PARAMETER_SYNTAX", field));
    return undefined;
  }
  if (value.length < 1 || value.length > max) {
    details.push(detail("INVALID_STRING_LENGTH", field, value));
    return undefined;
  }
  return value;
}

const BREAKDOWN_PLUS = ["item_total", "tax_total", "shipping", "handling", "insurance"];
const BREAKDOWN_MINUS = ["shipping_discount", "discount"];

/** PayPal's 422 business rules on amount breakdowns and items, for one purchase unit. */
export function checkBreakdown(unit: Record<string, unknown>, amount: Money, unitField: string): Detail[] {
  const problems: Detail[] = [];
  const breakdown = (amount as Money & { breakdown?: unknown }).breakdown;
  const items = unit.items;
  if (breakdown !== undefined && !isRecord(breakdown)) return [detail("INVALID_PARAMETER_SYNTAX", `${unitField}/amount/breakdown`)];
  const parts = (breakdown ?? {}) as Record<string, unknown>;
  const syntax: Detail[] = [];
  for (const key of [...BREAKDOWN_PLUS, ...BREAKDOWN_MINUS]) {
    if (parts[key] !== undefined) checkMoney(parts[key], `${unitField}/amount/breakdown/${key}`, syntax);
  }
  if (items !== undefined && !Array.isArray(items)) syntax.push(detail("INVALID_PARAMETER_SYNTAX", `${unitField}/items`));
  const itemList = Array.isArray(items) ? items : [];
  itemList.forEach((item, i) => {
    const field = `${unitField}/items/@index==${i}`;
    if (!isRecord(item)) return syntax.push(detail("INVALID_PARAMETER_SYNTAX", field));
    if (typeof item.name !== "string" || item.name.length < 1) syntax.push(detail("MISSING_REQUIRED_PARAMETER", `${field}/name`));
    if (typeof item.quantity !== "string" || !/^\d{1,10}$/.test(item.quantity))
      syntax.push(detail("INVALID_PARAMETER_SYNTAX", `${field}/quantity`, item.quantity));
    checkMoney(item.unit_amount, `${field}/unit_amount`, syntax);
  });
  if (syntax.length > 0) throw new PaypalError(400, syntax);

  const currency = amount.currency_code;
  for (const key of Object.keys(parts)) {
    const part = parts[key];
    if (isRecord(part) && part.currency_code !== currency)
      problems.push(detail("CURRENCY_MISMATCH", `${unitField}/amount/breakdown/${key}/currency_code`, part.currency_code));
  }
  for (const [i, item] of itemList.entries()) {
    const ua = (item as { unit_amount: Money }).unit_amount;
    if (ua.currency_code !== currency)
      problems.push(detail("CURRENCY_MISMATCH", `${unitField}/items/@index==${i}/unit_amount/currency_code`, ua.currency_code));
  }
  if (problems.length > 0) return problems;

  if (itemList.length > 0) {
    if (!isRecord(parts.item_total)) return [detail("ITEM_TOTAL_REQUIRED", `${unitField}/amount/breakdown/item_total`)];
    const sum = itemList.reduce<number>((acc, item) => {
      const it = item as { unit_amount: Money; quantity: string };
      return acc + toCents(it.unit_amount.value) * Number(it.quantity);
    }, 0);
    if (sum !== toCents((parts.item_total as unknown as Money).value)) {
      return [detail("ITEM_TOTAL_MISMATCH", `${unitField}/amount/breakdown/item_total/value`, (parts.item_total as unknown as Money).value)];
    }
  }
  if (breakdown !== undefined) {
    let total = 0;
    for (const key of BREAKDOWN_PLUS) if (isRecord(parts[key])) total += toCents((parts[key] as unknown as Money).value);
    for (const key of BREAKDOWN_MINUS) if (isRecord(parts[key])) total -= toCents((parts[key] as unknown as Money).value);
    if (total !== toCents(amount.value)) return [detail("AMOUNT_MISMATCH", `${unitField}/amount/value`, amount.value)];
  }
  return [];
}
