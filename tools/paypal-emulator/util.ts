// Ids, timestamps and small string helpers in the forms PayPal uses.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { detail, PaypalError } from "./errors";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** PayPal's payer and merchant ids: 13 characters without 0, 1, I and O. */
export const ACCOUNT_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function randomId(length: number, alphabet = ALNUM): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const debugId = () => randomBytes(7).toString("hex").slice(0, 13);
export const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

export function sameSecret(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** decodeURIComponent that turns a malformed escape into a 404 instead of a crash. */
export function decodeId(raw: string, field: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", field, raw, "path")]);
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Appends query parameters to a URL without re-encoding what is already there. */
export function appendQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf("#");
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${query}${hash}`;
}
