import { type Kysely, sql } from "kysely";

/**
 * shipping_zones: where the shop ships and at what price, one row per zone the owner keeps
 * (docs/shipping.md). shipping_zone_countries: a zone's countries; the country is the key, so a
 * country belongs to at most one zone.
 *
 * The shop's zones to begin with: Poland, the rest of the European Union, Europe outside it,
 * North America and the rest of the world, shipping to Poland, every EU member state and the 21
 * countries the shop shipped to before, each at the flat rates it had (the owner's own, when she
 * had saved some), so no price anyone sees changes.
 *
 * orders.shipping_zone: the zone an order was placed in, as it was named then.
 * carts.shipping_country: the country the shopper last chose at checkout; the cart shows its shipping.
 */

const SPEC_RATES = { standard: 800, large: 1800 };

/** As of the migration: a migration never imports app code, so its data stays as it was written. */
const SEED_ZONES: { name: string; countries: string[] }[] = [
  { name: "Poland", countries: ["PL"] },
  {
    name: "European Union",
    countries: "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PT RO SK SI ES SE".split(" "),
  },
  { name: "Europe outside the EU", countries: ["GB", "CH", "NO"] },
  { name: "North America", countries: ["US", "CA"] },
  { name: "Rest of the world", countries: ["AU", "JP", "KR", "SG", "HK", "NZ"] },
];

/** The flat rates the owner saved before zones (settings 'shipping_rates'), else the spec's. */
async function formerRates(db: Kysely<any>): Promise<{ standard: number; large: number }> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", "shipping_rates").executeTakeFirst();
  const cents = (value: unknown, fallback: number) => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fallback);
  try {
    const saved = row ? (JSON.parse(row.value as string) as { standard?: { priceCents?: unknown }; large?: { priceCents?: unknown } }) : {};
    return { standard: cents(saved.standard?.priceCents, SPEC_RATES.standard), large: cents(saved.large?.priceCents, SPEC_RATES.large) };
  } catch {
    return SPEC_RATES;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("shipping_zones")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("shipped", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`shipped in (0, 1)`),
    )
    .addColumn("standard_cents", "integer", (c) => c.notNull().check(sql`standard_cents >= 0`))
    .addColumn("large_cents", "integer", (c) => c.notNull().check(sql`large_cents >= 0`))
    .addColumn("free_from_cents", "integer", (c) => c.check(sql`free_from_cents is null or free_from_cents >= 0`))
    .addColumn("message", "text")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable("shipping_zone_countries")
    .addColumn("country", "text", (c) => c.primaryKey().check(sql`length(country) = 2 and country = upper(country)`))
    .addColumn("zone_id", "integer", (c) => c.notNull().references("shipping_zones.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("shipping_zone_countries_zone").on("shipping_zone_countries").column("zone_id").execute();
  await db.schema.alterTable("orders").addColumn("shipping_zone", "text").execute();
  await db.schema.alterTable("carts").addColumn("shipping_country", "text").execute();

  const rates = await formerRates(db);
  for (const [position, zone] of SEED_ZONES.entries()) {
    const { id } = await db
      .insertInto("shipping_zones")
      .values({ name: zone.name, position, shipped: 1, standard_cents: rates.standard, large_cents: rates.large, free_from_cents: null, message: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("shipping_zone_countries")
      .values(zone.countries.map((country) => ({ country, zone_id: id })))
      .execute();
  }
  // The zones are the rates now: the flat pair would only mislead.
  await db.deleteFrom("settings").where("key", "=", "shipping_rates").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to one flat pair: the home zone's prices, under the names the pair had.
  const home = await db
    .selectFrom("shipping_zones as z")
    .innerJoin("shipping_zone_countries as c", "c.zone_id", "z.id")
    .select(["z.standard_cents", "z.large_cents"])
    .where("c.country", "=", "PL")
    .executeTakeFirst();
  if (home && (home.standard_cents !== SPEC_RATES.standard || home.large_cents !== SPEC_RATES.large)) {
    const value = {
      standard: { name: "Standard Shipping", description: "Flat worldwide rate, tracked priority airmail", priceCents: home.standard_cents },
      large: { name: "Large Item Shipping", description: "Flat worldwide rate for large items, tracked", priceCents: home.large_cents },
    };
    await db
      .insertInto("settings")
      .values({ key: "shipping_rates", value: JSON.stringify(value) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }
  await db.schema.alterTable("carts").dropColumn("shipping_country").execute();
  await db.schema.alterTable("orders").dropColumn("shipping_zone").execute();
  await db.schema.dropTable("shipping_zone_countries").execute();
  await db.schema.dropTable("shipping_zones").execute();
}
