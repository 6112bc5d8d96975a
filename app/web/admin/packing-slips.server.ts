import { json } from "@remix-run/node";
import { getPackingSlips, type PackingSlip } from "~/domain/customs/packing-slip.server";
import { PACKING_SLIP_SIZES, PACKING_SLIP_TEXT, PACKING_SLIPS_MAX, type PackingSlipSize } from "~/domain/customs/texts";
import { db as sharedDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";
import { adminPageAccess } from "~/web/guards.server";

// The packing slip pages: one order's (/admin/orders/{id}/packing-slip) and the Orders tab's
// 'Print packing slips' (/admin/orders/packing-slips?ids=1&ids=2). Plain GET pages that print
// without JavaScript; `?size=a6` lays them out for A6 labels (docs/shipping.md).

export type PackingSlipPageData =
  | { state: "denied"; signedIn: boolean }
  | { state: "refused"; message: string }
  | { state: "not-found" }
  | {
      state: "ok";
      slips: PackingSlip[];
      size: PackingSlipSize;
      /** Asked-for orders that do not exist (the others still print). */
      missing: number[];
      back: { href: string; label: string };
      /** The same page in each paper size. */
      sizeLinks: Record<PackingSlipSize, string>;
    };

const HEADERS = { "Cache-Control": "private, no-store" };
const ID = /^\d{1,12}$/;

function sizeOf(url: URL): PackingSlipSize {
  const asked = url.searchParams.get("size");
  return (PACKING_SLIP_SIZES as readonly string[]).includes(asked ?? "") ? (asked as PackingSlipSize) : "a4";
}

function sizeLinks(url: URL): Record<PackingSlipSize, string> {
  const links = {} as Record<PackingSlipSize, string>;
  for (const size of PACKING_SLIP_SIZES) {
    const params = new URLSearchParams(url.searchParams);
    if (size === "a4") params.delete("size");
    else params.set("size", size);
    const query = params.toString();
    links[size] = `${url.pathname}${query ? `?${query}` : ""}`;
  }
  return links;
}

/**
 * The loader of both pages: its own guard (a guest 401, a customer 403, each with the 'Access
 * denied' view); no order chosen, something that is not an order number, or more than
 * PACKING_SLIPS_MAX: 400 with the reason; none of the orders found: 404; else every slip found, with the ids not found named.
 */
export async function loadPackingSlips(request: Request, rawIds: string[], back: { href: string; label: string }, db: DB = sharedDb) {
  const { user, denied } = await adminPageAccess(request, { guests: "deny" });
  if (denied) return json<PackingSlipPageData>({ state: "denied", signedIn: Boolean(user) }, { status: denied, headers: HEADERS });
  const refuse = (message: string) => json<PackingSlipPageData>({ state: "refused", message }, { status: 400, headers: HEADERS });
  const wanted = rawIds.map((id) => id.trim()).filter(Boolean);
  if (wanted.length === 0) return refuse(PACKING_SLIP_TEXT.noneChosen);
  const bad = wanted.find((id) => !ID.test(id) || Number(id) === 0);
  if (bad !== undefined) return refuse(PACKING_SLIP_TEXT.badId(bad));
  const ids = [...new Set(wanted.map(Number))];
  if (ids.length > PACKING_SLIPS_MAX) return refuse(PACKING_SLIP_TEXT.tooMany);
  const slips = await getPackingSlips(db, ids, { fallbackEmail: getEnv().SHOP_EMAIL });
  if (slips.length === 0) return json<PackingSlipPageData>({ state: "not-found" }, { status: 404, headers: HEADERS });
  const url = new URL(request.url);
  const found = new Set(slips.map((s) => s.orderId));
  return json<PackingSlipPageData>(
    { state: "ok", slips, size: sizeOf(url), missing: ids.filter((id) => !found.has(id)), back, sizeLinks: sizeLinks(url) },
    { headers: HEADERS },
  );
}
