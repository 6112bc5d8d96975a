import { type Kysely } from "kysely";

/**
 * The owner's texts that still say the first version's dispatch time ('1-2' on the about page,
 * '1-3' on the terms and the home page) say `{shippingTime}` instead, which shows the Settings'
 * dispatch time. Only the shop's own words are replaced, never a text she wrote: a page gets a new
 * version (the old one stays in its history), the home texts only the fields left as they came.
 */
const PAGE_SENTENCES: { slug: string; from: string; to: string }[] = [
  { slug: "about", from: "go out within 1-2 business days, carefully boxed", to: "go out within {shippingTime}, carefully boxed" },
  // The flat worldwide rate went with the shipping zones: the terms name the zone's rate instead.
  {
    slug: "terms-conditions",
    from: "at a flat worldwide rate within 1-3 business days.",
    to: "within {shippingTime}, at the rate of the destination's shipping zone, shown at checkout before you pay.",
  },
];

const HOME_FIELDS: Record<string, [string, string]> = {
  shippingText: ["within 1-3 business days, with tracking and box packaging.", "within {shippingTime}, with tracking and box packaging."],
  value2Title: ["Ships worldwide in 1-3 days", "Ships worldwide, tracked"],
  value2Text: [
    "Ready-to-ship pieces leave the studio within 1-3 business days, tracked and gift-boxed.",
    "Ready-to-ship pieces leave the studio within {shippingTime}, tracked and gift-boxed.",
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const { slug, from, to } of PAGE_SENTENCES) {
    const newest = await db.selectFrom("page_versions").select(["title", "body"]).where("slug", "=", slug).orderBy("id", "desc").limit(1).executeTakeFirst();
    if (!newest || !String(newest.body).includes(from)) continue;
    await db
      .insertInto("page_versions")
      .values({ slug, title: newest.title, body: String(newest.body).replace(from, to), saved_by_id: null, saved_by_email: "system", created_at: now })
      .execute();
  }
  const home = await db.selectFrom("settings").select("value").where("key", "=", "home").executeTakeFirst();
  if (!home) return;
  let texts: Record<string, unknown>;
  try {
    texts = JSON.parse(String(home.value)) as Record<string, unknown>;
  } catch {
    return;
  }
  let changed = false;
  for (const [key, [from, to]] of Object.entries(HOME_FIELDS)) {
    if (texts[key] !== from) continue;
    texts[key] = to;
    changed = true;
  }
  if (changed)
    await db
      .updateTable("settings")
      .set({ value: JSON.stringify(texts) })
      .where("key", "=", "home")
      .execute();
}

/** Nothing to undo: the new versions stay in the pages' history, as any save would. */
export async function down(): Promise<void> {}
