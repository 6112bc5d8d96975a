import { type Kysely, sql } from "kysely";

/**
 * outbox.user_id, known_signins.user_id, back_in_stock_requests.user_id: the account a row
 * belongs to, written with the row, so the export and the deletion read and remove an account's
 * rows by its id and never by an address someone else may have used
 * (docs/decisions/account-keyed-personal-data.md).
 *
 * The rows of before get a key only where it is provable: a mail whose event key names the
 * account, or the order, reset link, confirmation link, points event or keyed back-in-stock
 * request it was made for; a known
 * sign-in or a confirmed back-in-stock request of an address at a time the address was already
 * its account's confirmed address. Every other row stays without a key: no account exports or
 * deletes it.
 */

/** Mails made for one order: its account, if it has one. */
const ORDER_KINDS = [
  "order-confirmation",
  "order-shipped",
  "order-cancelled",
  "cancel-request-received",
  "order-refunded",
  "cancel-declined",
  "withdrawal-received",
  "review-request",
];
/** Mails whose event key carries the first 32 hex digits of an auth_tokens hash. */
const TOKEN_KINDS = ["verify-email", "email-change-confirm", "email-changed", "account-delete-link"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("outbox")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("known_signins")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .execute();
  await db.schema
    .alterTable("back_in_stock_requests")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .execute();
  await sql`create index outbox_user_idx on outbox (user_id, id) where user_id is not null`.execute(db);
  await sql`create index known_signins_user_idx on known_signins (user_id) where user_id is not null`.execute(db);
  await sql`create index back_in_stock_user_idx on back_in_stock_requests (user_id) where user_id is not null`.execute(db);

  // Signed in, or confirmed by the link, while the address was already the account's confirmed one.
  await sql`
    update known_signins set user_id = (
      select u.id from users u
      where u.email = lower(known_signins.email) and u.email_verified_at is not null and u.email_verified_at <= known_signins.last_at
    )`.execute(db);
  await sql`
    update back_in_stock_requests set user_id = (
      select u.id from users u
      where u.email = lower(back_in_stock_requests.email) and u.email_verified_at is not null
        and u.email_verified_at <= back_in_stock_requests.confirmed_at
    )
    where confirmed_at is not null`.execute(db);

  // The text after the event key's first colon: an id, or a token hash's first 32 digits.
  const ref = sql`substr(outbox.event_key, instr(outbox.event_key, ':') + 1)`;
  const id = sql`cast(${ref} as integer)`;
  await sql`update outbox set user_id = (select id from users where id = ${id}) where kind = 'welcome'`.execute(db);
  await sql`update outbox set user_id = (select user_id from loyalty_events where id = ${id}) where kind = 'points-awarded'`.execute(db);
  await sql`update outbox set user_id = (select user_id from password_reset_tokens where id = ${id}) where kind = 'password-reset'`.execute(db);
  await sql`update outbox set user_id = (select user_id from auth_tokens where substr(token_hash, 1, 32) = ${ref}) where kind in (${sql.join(TOKEN_KINDS)})`.execute(
    db,
  );
  await sql`update outbox set user_id = (select user_id from orders where id = ${id}) where kind in (${sql.join(ORDER_KINDS)})`.execute(db);
  await sql`update outbox set user_id = (select user_id from back_in_stock_requests where id = ${id}) where kind in ('back-in-stock', 'back-in-stock-confirm')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists back_in_stock_user_idx`.execute(db);
  await sql`drop index if exists known_signins_user_idx`.execute(db);
  await sql`drop index if exists outbox_user_idx`.execute(db);
  await db.schema.alterTable("back_in_stock_requests").dropColumn("user_id").execute();
  await db.schema.alterTable("known_signins").dropColumn("user_id").execute();
  await db.schema.alterTable("outbox").dropColumn("user_id").execute();
}
