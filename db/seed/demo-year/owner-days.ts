import { ADMIN_IP, DAY, type DemoContext, HOUR } from "./context";
import { between, workingHours } from "./helpers";
import { at, note, points } from "./ledger";

/** The owner's own days: signing in, thanking loyal customers, adding pieces, topping up stock, pricing a shipping zone. */
export function scheduleOwnerDays(ctx: DemoContext): void {
  const { rnd, now, start, latest, admin, customers, orders, products, zones } = ctx;
  for (let t = start + 2 * DAY; t < latest; t += between(rnd, 2, 5) * DAY) {
    const when = t + between(rnd, 7, 10) * HOUR;
    if (when < latest) note(ctx, when, "admin.signin", `Admin sign-in from ${ADMIN_IP}`, "user", admin.id, null);
  }
  const loyal = [...customers].sort((a, b) => orders.filter((o) => o.customer === b).length - orders.filter((o) => o.customer === a).length).slice(0, 3);
  for (const c of loyal) {
    const when = workingHours(now - between(rnd, 20, 200) * DAY, rnd);
    if (when <= c.createdAt) continue;
    at(ctx, when, () => {
      points(ctx, c, when, "admin_reward", "Points awarded by the shop", 25, null);
      note(ctx, when, "points.award", `25 points awarded to ${c.email}`, "user", c.id, { loyaltyPoints: [c.balance - 25, c.balance] });
    });
  }
  for (const p of products) {
    if (p.createdAt < start) continue;
    note(ctx, p.createdAt, "product.create", `Product '${p.title}' added`, "product", p.id, { title: [null, p.title], priceCents: [null, p.priceCents] });
  }
  // Stock top-ups: fourteen pieces, each some time after it was first offered.
  const restocked = products.filter((x) => !x.madeToOrder && x.createdAt < now - 20 * DAY);
  for (let i = 0; i < 14 && restocked.length > 0; i++) {
    const p = restocked.splice(Math.floor(rnd() * restocked.length), 1)[0]!;
    const when = workingHours(p.createdAt + 5 * DAY + rnd() * (now - 10 * DAY - p.createdAt), rnd);
    if (when >= latest) continue;
    const before = 1 + Math.floor(rnd() * 3);
    note(ctx, when, "product.update", `Product '${p.title}' edited: stock`, "product", p.id, { stock: [before, before + 4 + Math.floor(rnd() * 8)] });
  }
  const america = zones.get("US");
  if (america) {
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    note(ctx, start + 1.5 * DAY, "settings.shipping", `Shipping zone saved: ${america.name}`, "settings", null, {
      standardPrice: [null, dollars(america.standardCents)],
      largePrice: [null, dollars(america.largeCents)],
    });
  }
}
