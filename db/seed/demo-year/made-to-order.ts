import { IMAGE_HEIGHT, IMAGE_WIDTH, type ProductImageSpec, shapeFor } from "../images";
import { DAY, type DB, type DemoContext } from "./context";
import { queueProductPhoto } from "./catalogue";
import { iso } from "./helpers";

interface MadeToOrderSeed {
  title: string;
  slug: string;
  category: string;
  priceCents: number;
  leadTimeDays: number;
  /** Net weight for the customs declaration. */
  weightGrams: number;
  cap: number | null;
  personalised: boolean;
  tint: string;
  pattern: ProductImageSpec["pattern"];
  materials: string;
  description: string;
  /** Days before `now` it was first offered. */
  daysAgo: number;
}

const MADE_TO_ORDER: readonly MadeToOrderSeed[] = [
  {
    title: "Made-to-Measure Heirloom Christening Gown",
    slug: "made-to-measure-heirloom-christening-gown",
    category: "1-4-dresses",
    priceCents: 7800,
    leadTimeDays: 28,
    weightGrams: 90,
    cap: null,
    personalised: true,
    tint: "#F3EBDD",
    pattern: "floral",
    materials: "Cotton batiste, French lace, silk ribbon",
    description:
      "A long christening gown of cotton batiste with a lace yoke and pin tucks, sewn to your doll's own measurements. After your order I will e-mail you for her chest, waist and length, and embroider her initials on the hem if you wish. Because it is made for your doll alone, it cannot be returned.",
    daysAgo: 300,
  },
  {
    title: "Hand-Smocked Liberty Print Party Dress",
    slug: "hand-smocked-liberty-print-party-dress",
    category: "1-6-dresses",
    priceCents: 4600,
    leadTimeDays: 14,
    weightGrams: 45,
    cap: null,
    personalised: false,
    tint: "#C98BA1",
    pattern: "floral",
    materials: "Cotton lawn, cotton perle thread",
    description:
      "A party dress with a hand-smocked chest, puffed sleeves and a sash, cut from small-print cotton lawn. Each one is sewn when you order it, so the print may vary slightly from the photo; it ships within about three weeks.",
    daysAgo: 240,
  },
  {
    title: "Bespoke Tailored Tweed Overcoat",
    slug: "bespoke-tailored-tweed-overcoat",
    category: "1-4-coats-jackets",
    priceCents: 8800,
    leadTimeDays: 35,
    weightGrams: 130,
    cap: 3,
    personalised: false,
    tint: "#7D6A55",
    pattern: "tartan",
    materials: "Wool tweed, silk lining, horn buttons",
    description:
      "A fully lined, double-breasted overcoat in soft wool tweed with real horn buttons and bound buttonholes. Tailoring takes time: I take on only three at once, and each ships within five weeks of your order.",
    daysAgo: 200,
  },
];

// ---------------------------------------------------------------------------------------------
// The plan

/** Adds the made-to-order pieces to the plan, with ids after the seeded products'. */
export function addMadeToOrderPieces(ctx: DemoContext): void {
  let mtoProductId = Math.max(...ctx.products.map((p) => p.id)) + 1;
  for (const m of MADE_TO_ORDER) {
    const child = ctx.categories.find((c) => c.slug === m.category);
    ctx.products.push({
      id: mtoProductId,
      title: m.title,
      slug: m.slug,
      priceCents: m.priceCents,
      isLarge: false,
      createdAt: ctx.now - m.daysAgo * DAY,
      madeToOrder: true,
      leadTimeDays: m.leadTimeDays,
      personalised: m.personalised,
      colors: [],
      variations: [],
      tint: m.tint,
      shape: shapeFor(child?.name ?? "Dresses", m.title),
      popularity: 0.8,
    });
    ctx.madeToOrderIds.push(mtoProductId++);
  }
}

/** A front view and a fabric detail of each made-to-order piece. */
export function planMadeToOrderPhotos(ctx: DemoContext): void {
  MADE_TO_ORDER.forEach((m, i) => {
    const info = ctx.products.find((p) => p.id === ctx.madeToOrderIds[i])!;
    (["front", "detail"] as const).forEach((view, n) => {
      const url = queueProductPhoto(
        ctx,
        { shape: info.shape, color: m.tint, pattern: m.pattern, view, title: m.title, seed: `${m.slug}-${n + 1}` },
        `${m.slug}-${n + 1}.jpg`,
      );
      ctx.rows.madeToOrderImages.push({
        product_id: info.id,
        image_url: url,
        alt_text: `${m.title}, ${view === "front" ? "front view" : "fabric detail"}`,
        is_primary: n === 0 ? 1 : 0,
        sort_order: n,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        color_id: null,
      });
    });
  });
}

/** Writes the made-to-order products and their category links (inside the caller's transaction). */
export async function insertMadeToOrderPieces(trx: DB, ctx: DemoContext): Promise<void> {
  for (const [i, m] of MADE_TO_ORDER.entries()) {
    const child = ctx.categories.find((c) => c.slug === m.category);
    if (!child) throw new Error(`Demo year: unknown category ${m.category}`);
    const createdAt = iso(ctx.now - m.daysAgo * DAY);
    await trx
      .insertInto("products")
      .values({
        id: ctx.madeToOrderIds[i]!,
        title: m.title,
        slug: m.slug,
        description: m.description,
        price_cents: m.priceCents,
        stock: 0,
        total_stock: 0,
        is_large: 0,
        is_latest_collection: 0,
        has_color_variations: 0,
        has_variations: 0,
        materials: m.materials,
        safety_notice: null,
        made_to_order: 1,
        lead_time_days: m.leadTimeDays,
        weight_grams: m.weightGrams,
        made_to_order_cap: m.cap,
        is_personalised: m.personalised ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    const links = [child.id, ...(child.parent_id !== null ? [child.parent_id] : [])];
    await trx
      .insertInto("product_categories")
      .values(links.map((category_id) => ({ product_id: ctx.madeToOrderIds[i]!, category_id })))
      .execute();
  }
}
