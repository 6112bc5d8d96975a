import { getSetting } from "~/domain/common/settings.server";
import { type CustomsSettingsInput } from "~/domain/customs/schemas";
import { type CustomsSettings, DEFAULT_CUSTOMS_SETTINGS, HS_CODE_PATTERN, isKnownCountryCode, CUSTOMS_DESCRIPTION_MAX } from "~/domain/customs/texts";
import { type Actor, saveLoggedSetting, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/** Settings key 'customs': the customs defaults of products without their own, and the CN22 limit. */
export const CUSTOMS_SETTINGS_KEY = "customs";

/**
 * The customs defaults (Settings tab's 'Customs' card). A missing or broken stored value falls
 * back to DEFAULT_CUSTOMS_SETTINGS field by field, so a packing slip always has every field.
 */
export async function getCustomsSettings(db: DB): Promise<CustomsSettings> {
  const stored = await cachedRead(db, "settings:customs", () => getSetting<Partial<Record<keyof CustomsSettings, unknown>>>(db, CUSTOMS_SETTINGS_KEY, {}));
  const d = DEFAULT_CUSTOMS_SETTINGS;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const hsCode = text(stored.hsCode);
  const origin = text(stored.originCountry).toUpperCase();
  const description = text(stored.customsDescription);
  const limit = stored.cn22LimitCents;
  return {
    hsCode: HS_CODE_PATTERN.test(hsCode) ? hsCode : d.hsCode,
    originCountry: isKnownCountryCode(origin) ? origin : d.originCountry,
    customsDescription: description && description.length <= CUSTOMS_DESCRIPTION_MAX ? description : d.customsDescription,
    cn22LimitCents: typeof limit === "number" && Number.isInteger(limit) && limit >= 100 ? limit : d.cn22LimitCents,
  };
}

/**
 * Saves the customs defaults (settings key 'customs') with their activity row, in one
 * transaction. Products without their own values follow them from the next packing slip on.
 */
export async function saveCustomsSettings(db: DB, input: CustomsSettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<CustomsSettings> {
  const value: CustomsSettings = {
    hsCode: input.hsCode,
    originCountry: input.originCountry,
    customsDescription: input.customsDescription,
    cn22LimitCents: input.cn22Limit,
  };
  await saveLoggedSetting(
    db,
    CUSTOMS_SETTINGS_KEY,
    { ...value },
    { actor, kind: "settings.customs", summary: "Customs defaults saved", defaults: { ...DEFAULT_CUSTOMS_SETTINGS } },
  );
  return value;
}
