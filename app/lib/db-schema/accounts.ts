import type { Generated } from "kysely";

/*
 * Accounts: customers and the owner, sign-in and its limits, e-mailed tokens, loyalty
 * points. Re-exported by ~/lib/db-schema.
 */

/** 0/1 integers stand for booleans in SQLite. */
type Flag = Generated<number>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  google_id: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  shipping_first_name: string | null;
  shipping_last_name: string | null;
  shipping_address_line1: string | null;
  shipping_address_line2: string | null;
  shipping_city: string | null;
  shipping_state: string | null;
  shipping_postal_code: string | null;
  shipping_country: string | null;
  loyalty_points: Generated<number>;
  is_admin: Flag;
  created_at: Generated<string>;
  email_verified_at: string | null;
  /** Base32 TOTP secret (RFC 6238); set at enrolment, in force once totp_enabled_at is set. */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
  /** Unsubscribed from review request e-mails. */
  review_mail_opt_out: Flag;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  data: Generated<string>;
  expires_at: string;
  created_at: Generated<string>;
  last_seen_at: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: Generated<string>;
}

/** One row per counted event (sign-up, order, payment start) for per-address limits. */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: Generated<string>;
}

/** Single-use tokens sent by e-mail; only their SHA-256 is stored. */
export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  purpose: string;
  data: Generated<string>;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Generated<string>;
}

export interface KnownSigninsTable {
  email: string;
  ip: string;
  last_at: string;
  /** The account that signed in; its rows move with it when its address changes. Null on rows of before that no account provably owns. */
  user_id: number | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

/** Refused admin sign-ins per client address and 15-minute window: one activity row stands for them all. */
export interface AdminSigninRefusalsTable {
  window_start: string;
  client_ip: string;
  attempts: Generated<number>;
  activity_id: number | null;
}

export interface LoyaltyEventsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  event_type: string;
  description: string;
  points: number;
  points_after: number;
  created_at: Generated<string>;
}
