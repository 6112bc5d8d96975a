import { getSetting } from "~/domain/common/settings.server";
import { type Actor, saveLoggedSetting } from "~/domain/ops/activity.server";
import { DEFAULT_DISPATCH_TIME, type DispatchTime, shippingTimeText } from "~/domain/orders/dispatch-time";
import { type DispatchTimeInput, DispatchTimeSchema } from "~/domain/orders/schemas";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/** Settings key 'dispatch_time': `{minDays, maxDays}`. */
export const DISPATCH_TIME_KEY = "dispatch_time";

/** The dispatch time; a missing or broken stored value is the default. The home and product pages read it on every visit: cached. */
export async function getDispatchTime(db: DB): Promise<DispatchTime> {
  return cachedRead(db, `settings:${DISPATCH_TIME_KEY}`, async () => {
    const stored = DispatchTimeSchema.safeParse(await getSetting<unknown>(db, DISPATCH_TIME_KEY, {}));
    return stored.success ? { minDays: stored.data.minDays, maxDays: stored.data.maxDays } : { ...DEFAULT_DISPATCH_TIME };
  });
}

/** Saves it with its activity row (`settings.dispatch`), in one transaction; every page shows it at once. */
export async function saveDispatchTime(db: DB, input: DispatchTimeInput, actor: Actor): Promise<DispatchTime> {
  const value: DispatchTime = { minDays: input.minDays, maxDays: input.maxDays };
  await saveLoggedSetting(
    db,
    DISPATCH_TIME_KEY,
    { ...value },
    {
      actor,
      kind: "settings.dispatch",
      summary: `Dispatch time: ships within ${shippingTimeText(value)}`,
      defaults: { ...DEFAULT_DISPATCH_TIME },
    },
  );
  return value;
}
