import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt from node:crypto.
 *
 * Stored format: `scrypt$<N>$<r>$<p>$<saltB64>$<hashB64>` with N=16384, r=8, p=1,
 * a 16-byte random salt and a 64-byte derived key. The parameters are stored with
 * the hash so they can be raised later without breaking existing accounts.
 */
const SCHEME = "scrypt";
const COST_N = 16384;
const BLOCK_SIZE_R = 8;
const PARALLELISM_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

/** Bounds accepted when reading a stored hash, so a tampered row cannot make us burn memory. */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scryptOptions(N: number, r: number, p: number): ScryptOptions {
  // scrypt needs about 128 * N * r bytes; leave headroom over Node's 32 MiB default.
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

/** Hashes a password into the self-describing `scrypt$...` string stored in users.password_hash. */
export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== "string") throw new TypeError("password must be a string");
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, scryptOptions(COST_N, BLOCK_SIZE_R, PARALLELISM_P));
  return [SCHEME, COST_N, BLOCK_SIZE_R, PARALLELISM_P, salt.toString("base64"), key.toString("base64")].join("$");
}

function parsePositiveInt(text: string | undefined, max: number): number | null {
  if (!text || !/^[1-9][0-9]{0,7}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/**
 * Checks a password against a stored hash in constant time.
 * Returns false, never throws, for a wrong password or a malformed/unknown stored string.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  try {
    if (typeof password !== "string" || typeof stored !== "string") return false;
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== SCHEME) return false;
    const N = parsePositiveInt(parts[1], MAX_N);
    const r = parsePositiveInt(parts[2], MAX_R);
    const p = parsePositiveInt(parts[3], MAX_P);
    if (N === null || r === null || p === null || N < 2 || (N & (N - 1)) !== 0) return false;
    const [saltText, hashText] = [parts[4]!, parts[5]!];
    if (!BASE64.test(saltText) || !BASE64.test(hashText)) return false;
    const salt = Buffer.from(saltText, "base64");
    const expected = Buffer.from(hashText, "base64");
    if (salt.length < 8 || expected.length < 16 || expected.length > 256) return false;
    const actual = await derive(password, salt, expected.length, scryptOptions(N, r, p));
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
