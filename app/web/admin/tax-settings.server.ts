// The Settings tab's 'Tax' card: its data, the regime's save and a new rate row (plain forms; the hydrated admin only saves page loads).
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { countryName } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { type Actor } from "~/domain/ops/activity.server";
import { TaxSettingsSchema, VatRateSchema } from "~/domain/records/schemas";
import { formatRatePercent, TAX_TEXT } from "~/domain/records/tax";
import { addVatRate, getTaxSettings, listVatRates, saveTaxSettings } from "~/domain/records/tax.server";
import { db } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { type StoreActionData } from "~/web/admin/store-tabs.server";
import { formConstraints } from "~/web/form-constraints.server";
import { redirectWithToast } from "~/web/toast.server";

const SETTINGS_URL = "/admin?tab=settings";
const CONSTRAINTS = { settings: formConstraints(TaxSettingsSchema), rate: formConstraints(VatRateSchema) };

/** The regime, the wording and every rate row (newest day first within a country). */
export async function loadTaxCard(db: DB) {
  const [settings, rates] = await Promise.all([getTaxSettings(db), listVatRates(db)]);
  return {
    settings,
    rates: rates.map((r) => ({ country: r.country, countryName: countryName(r.country), rate: formatRatePercent(r.rateBp), effectiveFrom: r.effectiveFrom })),
    constraints: CONSTRAINTS,
  };
}

export type TaxCardData = Awaited<ReturnType<typeof loadTaxCard>>;

const refused = (data: StoreActionData, status: number) => json(data, { status });

/** The card's intents: the regime saved, or a rate row added; each one transaction and one activity row. */
export async function taxSettingsAction(formData: FormData, intent: string, actor: Actor): Promise<Response> {
  if (intent === STORE_INTENTS.vatRateAdd) {
    const submission = parseWithZod(formData, { schema: VatRateSchema });
    if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
    try {
      const row = await addVatRate(db, submission.value, actor);
      return redirectWithToast(SETTINGS_URL, {
        title: TAX_TEXT.rateAdded,
        description: `${row.country} ${formatRatePercent(row.rateBp)} % from ${row.effectiveFrom}`,
        type: "success",
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refused({ intent, result: submission.reply(error.toConform()) }, error.status);
    }
  }
  const submission = parseWithZod(formData, { schema: TaxSettingsSchema });
  if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
  await saveTaxSettings(db, submission.value, actor);
  return redirectWithToast(SETTINGS_URL, { title: TAX_TEXT.saved, type: "success" });
}
