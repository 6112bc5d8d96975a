import type { Generated } from "kysely";
import type { Locale } from "~/i18n/locales";

/*
 * Running the shop: settings, uploads, jobs, the activity log, backups, the e-mail outbox,
 * owner-edited pages. Re-exported by ~/lib/db-schema.
 */

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UploadsTable {
  id: string;
  file_name: string;
  url: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  uploaded_by: number | null;
  created_at: Generated<string>;
}

export interface JobRunsTable {
  name: string;
  slot: string;
  holder: string;
  started_at: Generated<string>;
  finished_at: string | null;
  error: string | null;
}

export interface ActivityLogTable {
  id: Generated<number>;
  created_at: Generated<string>;
  actor_id: number | null;
  actor_email: string;
  kind: string;
  subject_type: string | null;
  subject_id: number | null;
  summary: string;
  /** JSON: { field: [before, after] } */
  changes: string | null;
  client_ip: string | null;
}

/** The one row that makes a database a demonstration shop, written only by the seed (db/seed/demo-marker.ts). */
export interface DemoMarkerTable {
  id: number;
  seeded_at: string;
}

export interface BackupsTable {
  id: Generated<number>;
  created_at: Generated<string>;
  file: string;
  size_bytes: number;
  uploads_copied: Generated<number>;
  duration_ms: number;
  trigger: string;
}

/** One e-mail to send (db/migrations/2026_11_24_0015_mail.ts). status: pending, sent or failing. */
export interface OutboxTable {
  id: Generated<number>;
  event_key: string;
  kind: string;
  to_address: string;
  data: Generated<string>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string>;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  subject: string | null;
  smtp_response: string | null;
  message_id: string | null;
  created_at: Generated<string>;
  sent_at: string | null;
  /** The account the mail was made for (its own mail, or its order's), given by the writer; null for the owner's alerts and guests. */
  user_id: number | null;
  /** The language the mail is written in, decided when it was queued (migration mail_locale). */
  locale: Generated<Locale>;
}

/** Every saved version of an owner-edited page; the newest row of a slug is the one shown. */
export interface PageVersionsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  body: string;
  saved_by_id: number | null;
  saved_by_email: Generated<string>;
  created_at: Generated<string>;
  /** The language of this version ('en' | 'pl'); each language keeps its own history. */
  locale: Generated<string>;
}

/** A photo the owner uploaded for her pages: UPLOAD_DIR/pages/<id>.<ext>, served at `url`. */
export interface PagePhotosTable {
  id: string;
  url: string;
  width: number;
  height: number;
  size_bytes: number;
  alt: Generated<string>;
  uploaded_by: number | null;
  created_at: Generated<string>;
}
