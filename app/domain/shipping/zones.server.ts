import { countryName, type CountryOption, countryOptions } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { type Actor, diffFields, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { type ShippingZoneInput, type ShippingZonesInput } from "~/domain/shipping/schemas";
import { SHIPPING_TEXT, SHIPPING_ZONE_TEXT as T } from "~/domain/shipping/texts";
import { type ShippingZone } from "~/domain/shipping/zones";
import { centsToDecimal } from "~/lib/money";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The owner's shipping zones: read on every cart and checkout through the exact read cache (any
 * write to the database, a save of the zones among them, drops it), written by the Settings card
 * and PUT /api/admin/shipping-zones, each save one transaction with one activity row.
 */

interface ZoneTable {
  zones: readonly ShippingZone[];
  byCountry: ReadonlyMap<string, ShippingZone>;
}

async function readZones(db: DB): Promise<ZoneTable> {
  const [rows, countries] = await Promise.all([
    db
      .selectFrom("shipping_zones")
      .select(["id", "name", "shipped", "standard_cents", "large_cents", "free_from_cents", "message"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db.selectFrom("shipping_zone_countries").select(["country", "zone_id"]).orderBy("country").execute(),
  ]);
  const zones: ShippingZone[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    countries: countries.filter((c) => c.zone_id === r.id).map((c) => c.country),
    standardCents: r.standard_cents,
    largeCents: r.large_cents,
    freeFromCents: r.free_from_cents,
    shipped: r.shipped === 1,
    message: r.message,
  }));
  const byCountry = new Map<string, ShippingZone>();
  for (const zone of zones) for (const country of zone.countries) byCountry.set(country, zone);
  return { zones, byCountry };
}

/** Cached while nothing in the database changed; inside a transaction always read afresh. Shared: read-only. */
function zoneTable(db: DB): Promise<ZoneTable> {
  return cachedRead(db, "shipping-zones", () => readZones(db));
}

/** Every zone, in the owner's order. */
export async function listShippingZones(db: DB): Promise<readonly ShippingZone[]> {
  return (await zoneTable(db)).zones;
}

/** The zone that ships to this country, or null (in no zone, or in a zone that is not shipped to). */
export async function shippedZoneOf(db: DB, country: string | null | undefined): Promise<ShippingZone | null> {
  if (!country) return null;
  const zone = (await zoneTable(db)).byCountry.get(country);
  return zone?.shipped ? zone : null;
}

/** The zone a country belongs to, shipped or not (the not-shipped zone's message says why). */
export async function zoneOfCountry(db: DB, country: string): Promise<ShippingZone | null> {
  return (await zoneTable(db)).byCountry.get(country) ?? null;
}

/** The zone an order to this country ships in; 400 'We do not ship to this country' (on `country`) otherwise. */
export async function requireShippedZone(db: DB, country: string): Promise<ShippingZone> {
  const zone = await shippedZoneOf(db, country);
  if (!zone) throw new DomainError(SHIPPING_TEXT.notShipped, 400, "country");
  return zone;
}

/** Every country a zone ships to, with its name, sorted by name: checkout's list and GET /api/shipping/countries. */
export async function listShippedCountries(db: DB): Promise<CountryOption[]> {
  return cachedRead(db, "shipped-countries", async () => {
    const { byCountry } = await zoneTable(db);
    return countryOptions([...byCountry].filter(([, zone]) => zone.shipped).map(([code]) => code));
  });
}

/** A zone as the API answers it: prices as "8.00" strings. */
export function shippingZoneJson(zone: ShippingZone) {
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    standardPrice: centsToDecimal(zone.standardCents),
    largePrice: centsToDecimal(zone.largeCents),
    freeShippingFrom: zone.freeFromCents === null ? null : centsToDecimal(zone.freeFromCents),
    shipped: zone.shipped,
    message: zone.message,
  };
}

/** What the activity log compares: a zone's fields, flat, prices in dollars. */
function loggedFields(zone: Omit<ShippingZone, "id"> | null, prefix = ""): Record<string, unknown> {
  if (!zone) return {};
  return {
    [`${prefix}name`]: zone.name,
    [`${prefix}countries`]: [...zone.countries].sort().join(" "),
    [`${prefix}standardPrice`]: centsToDecimal(zone.standardCents),
    [`${prefix}largePrice`]: centsToDecimal(zone.largeCents),
    [`${prefix}freeShippingFrom`]: zone.freeFromCents === null ? null : centsToDecimal(zone.freeFromCents),
    [`${prefix}shipped`]: zone.shipped,
    [`${prefix}message`]: zone.message,
  };
}

function fromInput(input: Omit<ShippingZoneInput, "id">): Omit<ShippingZone, "id"> {
  return {
    name: input.name,
    countries: input.countries,
    standardCents: input.standardPrice,
    largeCents: input.largePrice,
    freeFromCents: input.freeShippingFrom,
    shipped: input.shipped,
    message: input.message,
  };
}

/** Writes one zone's row and its countries (the countries are already free of other zones). */
async function writeZone(trx: DB, zone: Omit<ShippingZone, "id">, id: number | null, position?: number): Promise<number> {
  const values = {
    name: zone.name,
    shipped: zone.shipped ? 1 : 0,
    standard_cents: zone.standardCents,
    large_cents: zone.largeCents,
    free_from_cents: zone.freeFromCents,
    message: zone.message,
    updated_at: new Date().toISOString(),
    ...(position === undefined ? {} : { position }),
  };
  let zoneId: number;
  if (id === null) {
    const last = await trx
      .selectFrom("shipping_zones")
      .select((eb) => eb.fn.max("position").as("p"))
      .executeTakeFirst();
    const row = await trx
      .insertInto("shipping_zones")
      .values({ ...values, position: position ?? Number(last?.p ?? -1) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    zoneId = row.id;
  } else {
    await trx.updateTable("shipping_zones").set(values).where("id", "=", id).execute();
    zoneId = id;
  }
  await trx.deleteFrom("shipping_zone_countries").where("zone_id", "=", zoneId).execute();
  await trx
    .insertInto("shipping_zone_countries")
    .values(zone.countries.map((country) => ({ country, zone_id: zoneId })))
    .execute();
  return zoneId;
}

/**
 * Saves one zone from the Settings card (a new one without `id`), in one transaction with one
 * activity row. 400 on `name` when another zone has the name, on `countries` when a country is
 * in another zone (the owner takes it out of there first: a save never moves a country
 * silently); 404 when the zone is gone.
 */
export async function saveShippingZone(db: DB, input: ShippingZoneInput, actor: Actor = SYSTEM_ACTOR): Promise<ShippingZone> {
  return db.transaction().execute(async (trx) => {
    const { zones } = await readZones(trx);
    const before = input.id === undefined ? null : (zones.find((z) => z.id === input.id) ?? null);
    if (input.id !== undefined && !before) throw new DomainError(T.unknownZone, 404);
    const others = zones.filter((z) => z.id !== input.id);
    if (others.some((z) => z.name.toLowerCase() === input.name.toLowerCase())) throw new DomainError(T.nameTaken, 400, "name");
    for (const code of input.countries) {
      const holder = others.find((z) => z.countries.includes(code));
      if (holder) throw new DomainError(T.overlap(`${countryName(code)} (${code})`, holder.name), 400, "countries");
    }
    const zone = fromInput(input);
    const id = await writeZone(trx, zone, before?.id ?? null);
    await logActivity(trx, {
      actor,
      kind: "settings.shipping",
      subjectType: "settings",
      summary: `${before ? "Shipping zone saved" : "Shipping zone added"}: ${zone.name}`,
      changes: diffFields(loggedFields(before), loggedFields(zone)),
    });
    return { id, ...zone };
  });
}

/** Deletes a zone (its countries are then shipped to by no zone), with one activity row; 404 when it is gone. */
export async function deleteShippingZone(db: DB, id: number, actor: Actor = SYSTEM_ACTOR): Promise<ShippingZone> {
  return db.transaction().execute(async (trx) => {
    const zone = (await readZones(trx)).zones.find((z) => z.id === id);
    if (!zone) throw new DomainError(T.unknownZone, 404);
    await trx.deleteFrom("shipping_zones").where("id", "=", id).execute();
    await logActivity(trx, {
      actor,
      kind: "settings.shipping",
      subjectType: "settings",
      summary: `Shipping zone deleted: ${zone.name}`,
      changes: diffFields(loggedFields(zone), {}),
    });
    return zone;
  });
}

/**
 * PUT /api/admin/shipping-zones: the zones become exactly these, in this order, in one
 * transaction with one activity row. A zone with `id` keeps its row (404 when there is no such
 * zone), one without is new, and a zone left out is deleted. The schema already refused a
 * country or a name in two zones.
 */
export async function replaceShippingZones(db: DB, input: ShippingZonesInput, actor: Actor = SYSTEM_ACTOR): Promise<readonly ShippingZone[]> {
  await db.transaction().execute(async (trx) => {
    const { zones: before } = await readZones(trx);
    const kept = new Set(input.zones.map((z) => z.id).filter((id): id is number => id !== undefined));
    for (const id of kept) if (!before.some((z) => z.id === id)) throw new DomainError(T.unknownZone, 404);
    const gone = before.filter((z) => !kept.has(z.id)).map((z) => z.id);
    if (gone.length > 0) await trx.deleteFrom("shipping_zones").where("id", "in", gone).execute();
    // Countries first leave every zone they are in now, so one zone may take over another's.
    await trx.deleteFrom("shipping_zone_countries").execute();
    // Names too may swap between zones: each kept zone takes a placeholder name first.
    for (const id of kept)
      await trx
        .updateTable("shipping_zones")
        .set({ name: `\u0000${id}` })
        .where("id", "=", id)
        .execute();
    for (const [position, zone] of input.zones.entries()) await writeZone(trx, fromInput(zone), zone.id ?? null, position);
    const after = (await readZones(trx)).zones;
    const flat = (zones: readonly ShippingZone[]) => Object.assign({}, ...zones.map((z) => loggedFields(z, `${z.name}.`))) as Record<string, unknown>;
    await logActivity(trx, {
      actor,
      kind: "settings.shipping",
      subjectType: "settings",
      summary: `Shipping zones replaced: ${after.length} zones`,
      changes: diffFields(flat(before), flat(after)),
    });
  });
  return listShippingZones(db);
}
