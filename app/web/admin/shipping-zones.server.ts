// The Settings tab's 'Shipping zones' card: its data, and its forms' save and delete (plain forms; the hydrated admin only saves page loads).
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { countryName } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { type Actor } from "~/domain/ops/activity.server";
import { ShippingZoneFormSchema, ShippingZoneIdSchema } from "~/domain/shipping/schemas";
import { SHIPPING_ZONE_TEXT } from "~/domain/shipping/texts";
import { deleteShippingZone, listShippingZones, saveShippingZone } from "~/domain/shipping/zones.server";
import { centsToDecimal } from "~/lib/money";
import { db } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { type StoreActionData } from "~/web/admin/store-tabs.server";
import { formConstraints } from "~/web/form-constraints.server";
import { redirectWithToast } from "~/web/toast.server";

const SETTINGS_URL = "/admin?tab=settings";
const ZONE_CONSTRAINTS = formConstraints(ShippingZoneFormSchema);

function idParam(value: string | null): number | null {
  return value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The card's zones as its forms show them (prices as typed: "8.00"), with their countries' names; `&confirm=delete-zone&zone=ID` asks before a delete without JavaScript. */
export async function loadShippingZonesCard(db: DB, url: URL) {
  const zones = (await listShippingZones(db)).map((zone) => ({
    id: zone.id,
    name: zone.name,
    countries: zone.countries.join(", "),
    countryNames: zone.countries.map(countryName).sort((a, b) => a.localeCompare(b, "en")),
    standardPrice: centsToDecimal(zone.standardCents),
    largePrice: centsToDecimal(zone.largeCents),
    freeShippingFrom: zone.freeFromCents === null ? "" : centsToDecimal(zone.freeFromCents),
    shipped: zone.shipped,
    message: zone.message ?? "",
  }));
  const confirmId = url.searchParams.get("confirm") === "delete-zone" ? idParam(url.searchParams.get("zone")) : null;
  return { zones, confirmDelete: zones.find((z) => z.id === confirmId) ?? null, constraints: ZONE_CONSTRAINTS };
}

export type ShippingZonesCardData = Awaited<ReturnType<typeof loadShippingZonesCard>>;

const refused = (data: StoreActionData, status: number) => json(data, { status });

/** The card's intents: one zone saved (new without `id`) or deleted, each one transaction and one activity row. */
export async function shippingZoneAction(formData: FormData, intent: string, actor: Actor): Promise<Response> {
  if (intent === STORE_INTENTS.zoneDelete) return removeZone(formData, actor);
  const submission = parseWithZod(formData, { schema: ShippingZoneFormSchema });
  if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
  try {
    const zone = await saveShippingZone(db, submission.value, actor);
    const title = submission.value.id === undefined ? SHIPPING_ZONE_TEXT.added : SHIPPING_ZONE_TEXT.saved;
    return redirectWithToast(SETTINGS_URL, { title, description: zone.name, type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A zone deleted meanwhile is a notice; a name or country taken is the field's error.
    const failure = error.field ? null : { title: SHIPPING_ZONE_TEXT.notSaved, description: error.message, type: "error" as const };
    return refused({ intent, result: submission.reply(error.toConform()), failure }, error.status);
  }
}

async function removeZone(formData: FormData, actor: Actor): Promise<Response> {
  const intent = STORE_INTENTS.zoneDelete;
  const submission = parseWithZod(formData, { schema: ShippingZoneIdSchema });
  const notFound = { title: SHIPPING_ZONE_TEXT.notSaved, description: SHIPPING_ZONE_TEXT.unknownZone, type: "error" as const };
  if (submission.status !== "success") return refused({ intent, failure: notFound }, 400);
  const { id } = submission.value;
  // Without JavaScript there is no confirm() prompt: the page asks first.
  if (formData.get("confirmed") !== "yes") return redirect(`${SETTINGS_URL}&confirm=delete-zone&zone=${id}#shipping-zones`);
  try {
    const zone = await deleteShippingZone(db, id, actor);
    return redirectWithToast(SETTINGS_URL, { title: SHIPPING_ZONE_TEXT.deleted, description: zone.name, type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refused({ intent, failure: { ...notFound, description: error.message } }, error.status);
  }
}
