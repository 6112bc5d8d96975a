/**
 * The demo catalogue of Little Stitches Atelier as typed constants, read by db/seed/index.ts.
 * Prices are integer cents; `daysAgo` staggers created_at over the last ~120 days.
 */

/** The fabric drawn on a generated product image. */
export type FabricPattern = "plain" | "dots" | "floral" | "gingham" | "stripes" | "tartan" | "rib" | "weave";

export const COLOR_NAMES = ["White", "Black", "Red", "Blue", "Green", "Yellow", "Pink", "Purple", "Orange", "Brown", "Grey", "Navy"] as const;

export type ColorName = (typeof COLOR_NAMES)[number];

export interface ColorSeed {
  id: number;
  name: ColorName;
  hex: string;
}

/** The fixed 12-colour palette, ids 1..12 in this order. */
export const COLORS: readonly ColorSeed[] = [
  { id: 1, name: "White", hex: "#F7F5F0" },
  { id: 2, name: "Black", hex: "#2B2B2E" },
  { id: 3, name: "Red", hex: "#C0392B" },
  { id: 4, name: "Blue", hex: "#3E6FB0" },
  { id: 5, name: "Green", hex: "#4E8B5A" },
  { id: 6, name: "Yellow", hex: "#E9C46A" },
  { id: 7, name: "Pink", hex: "#E8A0B4" },
  { id: 8, name: "Purple", hex: "#8E6BB0" },
  { id: 9, name: "Orange", hex: "#E07B39" },
  { id: 10, name: "Brown", hex: "#8B5E3C" },
  { id: 11, name: "Grey", hex: "#9A9A9A" },
  { id: 12, name: "Navy", hex: "#1F3A5F" },
];

export interface CategorySeed {
  name: string;
  slug: string;
  sortOrder: number;
  children: ReadonlyArray<{ name: string; slug: string; sortOrder: number }>;
}

const GARMENT_KINDS = [
  ["Dresses", "dresses"],
  ["Tops & Blouses", "tops-blouses"],
  ["Skirts & Trousers", "skirts-trousers"],
  ["Coats & Jackets", "coats-jackets"],
  ["Knitwear", "knitwear"],
  ["Sleepwear", "sleepwear"],
] as const;

function garmentChildren(scale: "1-4" | "1-6") {
  return GARMENT_KINDS.map(([name, slug], i) => ({ name, slug: `${scale}-${slug}`, sortOrder: i + 1 }));
}

/** Two-level tree: scale (or Accessories) at the top, kind of garment below. */
export const CATEGORIES: readonly CategorySeed[] = [
  { name: "1:4 Scale Dolls", slug: "1-4-scale", sortOrder: 1, children: garmentChildren("1-4") },
  { name: "1:6 Scale Dolls", slug: "1-6-scale", sortOrder: 2, children: garmentChildren("1-6") },
  {
    name: "Accessories",
    slug: "accessories",
    sortOrder: 3,
    children: [
      { name: "Hats", slug: "hats", sortOrder: 1 },
      { name: "Bags", slug: "bags", sortOrder: 2 },
      { name: "Shoes", slug: "shoes", sortOrder: 3 },
    ],
  },
];

/** The note shown under Product Details, keyed by child category name (shared by both scales). */
export const CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Dresses:
    "Every dress is cut from our own patterns and fitted on real dolls, so please check your doll's bust and waist against our size guide. We love a gentle hand wash in cool water, then a flat dry away from the sun.",
  "Tops & Blouses":
    "Our tops close with tiny snaps or hand-sewn buttons at the back, so they slip on without stressing your doll's joints. Press lightly with a cool iron through a cloth to keep collars crisp.",
  "Skirts & Trousers":
    "Waistbands are made to sit at the natural waist of most bodies in the scale; a little ease is built in for jointed hips. Hand wash cold and reshape while damp.",
  "Coats & Jackets":
    "Coats are fully lined so they glide over blouses and knits, and we size them with a thin layer underneath in mind. Brush wool gently and store on a hanger to keep the shoulders shapely.",
  Knitwear:
    "Each piece is knitted on tiny needles and may vary a stitch or two from the photo, which is part of its handmade charm. Wash by hand in lukewarm water with a drop of wool wash and dry flat.",
  Sleepwear:
    "Sleepwear is sewn from the softest cottons and flannels we can find, with roomy cuts for cosy bedtime poses. Machine-safe in a laundry bag on a cool, gentle cycle.",
  Hats: "Hats are shaped to sit nicely over wigs in the usual sizes for each scale; do check your doll's head circumference in our size guide. Keep away from damp and store stuffed with tissue to hold their shape.",
  Bags: "Our bags are made to be carried: straps are stitched, not glued, and clasps really open. Wipe leather and wicker with a soft dry cloth.",
  Shoes:
    "Shoes are sized by foot length, so please measure your doll's foot before ordering. Darker leathers can transfer colour to pale resin over time, so slip on socks for long displays.",
};

export type StockSpec =
  | { kind: "plain"; stock: number }
  | { kind: "colors"; colors: ReadonlyArray<{ color: ColorName; stock: number }> }
  | { kind: "variations"; variations: ReadonlyArray<{ name: string; stock: number }> };

export interface ProductSeed {
  title: string;
  /** Defaults to slugify(title). */
  slug?: string;
  /** Slug of the child category; the product is also linked to its parent. */
  category: string;
  priceCents: number;
  description: string;
  daysAgo: number;
  stock: StockSpec;
  isLarge?: boolean;
  isLatest?: boolean;
  /** Number of photos, default 2. */
  images?: 0 | 1 | 2 | 3;
  /** Garment colour for photos of products without colour options. */
  tint?: string;
  pattern?: FabricPattern;
  /** Free text for the product page, e.g. '100% cotton lawn'. */
  materials?: string;
  /** The product's own safety notice; left out: the store's default. */
  safetyNotice?: string;
}

const plain = (stock: number): StockSpec => ({ kind: "plain", stock });
const colors = (...list: Array<[ColorName, number]>): StockSpec => ({
  kind: "colors",
  colors: list.map(([color, stock]) => ({ color, stock })),
});
const variations = (...list: Array<[string, number]>): StockSpec => ({
  kind: "variations",
  variations: list.map(([name, stock]) => ({ name, stock })),
});

/** Slugs other code and tests rely on. */
export const FIXED_SLUGS = {
  soldOutPlain: "midnight-velvet-cape",
  lowStockPlain: "linen-summer-apron",
  withColors: "rose-garden-tea-dress",
  withVariations: "classic-wool-coat",
  inStockPlain: "cream-cable-knit-sweater",
  large: "doll-steamer-trunk",
} as const;

export const PRODUCTS: readonly ProductSeed[] = [
  // ---- 1:4 Dresses
  {
    title: "Rose Garden Tea Dress",
    materials: "100% cotton lawn; satin sash (polyester); metal snaps",
    category: "1-4-dresses",
    priceCents: 3800,
    daysAgo: 6,
    stock: colors(["Red", 6], ["Pink", 4], ["White", 0]),
    isLatest: true,
    images: 3,
    pattern: "floral",
    description:
      "A fluttery tea dress in fine cotton lawn printed with tiny roses, with puffed sleeves and a satin sash that ties in a soft bow. It closes at the back with three hand-sewn snaps and fits most 1:4 dolls around 40-45 cm. Hand wash cold and press with a cool iron.",
  },
  {
    title: "Linen Summer Apron",
    materials: "100% washed linen",
    category: "1-4-dresses",
    priceCents: 1850,
    daysAgo: 70,
    stock: plain(3),
    tint: "#D9CBB0",
    description:
      "A pinafore-style apron in washed natural linen with a deep front pocket and long ties that cross at the back. Lovely layered over a blouse for picnic and kitchen scenes. Machine wash gentle in a laundry bag; the linen only gets softer.",
  },
  {
    title: "Lavender Smocked Sundress",
    category: "1-4-dresses",
    priceCents: 3200,
    daysAgo: 95,
    stock: plain(9),
    tint: "#B9A3D1",
    pattern: "dots",
    description:
      "Hand-smocked across the chest in pale lavender voile with a sprinkle of white dots, this sundress has narrow ribbon straps and a full, twirly skirt. Sized for slim and standard 1:4 bodies. Hand wash and dry flat to keep the smocking springy.",
  },
  {
    title: "Victorian Lace Tea Gown",
    materials: "Cotton voile, cotton lace trim",
    category: "1-4-dresses",
    priceCents: 6400,
    daysAgo: 40,
    stock: variations(["Slim Body", 2], ["Standard Body", 4], ["Curvy Body", 1]),
    tint: "#EFE4D2",
    description:
      "Our most elaborate gown: ivory cotton lace over a silk-blend lining, a high collar, pintucked bodice and a gently trained skirt. Choose the cut for your doll's body so the waist sits exactly where it should. Dry clean only, or a very careful cold hand wash.",
  },
  {
    title: "Mustard Corduroy Pinafore",
    category: "1-4-dresses",
    priceCents: 2700,
    daysAgo: 88,
    stock: plain(7),
    images: 0,
    tint: "#D4A437",
    description:
      "A cheerful pinafore in needlecord the colour of autumn leaves, with two brass-look buttons on the straps and a patch pocket. Wear it over a blouse or a thin knit. Turn inside out and wash cold.",
  },
  // ---- 1:4 Tops & Blouses
  {
    title: "Peter Pan Collar Blouse",
    category: "1-4-tops-blouses",
    priceCents: 2200,
    daysAgo: 100,
    stock: colors(["White", 8], ["Blue", 5], ["Pink", 3], ["Yellow", 0]),
    description:
      "A sweet cotton poplin blouse with a rounded collar, short puffed sleeves and five tiny shell buttons down the front. It tucks neatly into skirts and trousers for 1:4 dolls. Hand wash and press the collar while slightly damp.",
  },
  {
    title: "Broderie Anglaise Peasant Top",
    category: "1-4-tops-blouses",
    priceCents: 2400,
    daysAgo: 55,
    stock: plain(11),
    tint: "#FBF8F2",
    pattern: "dots",
    description:
      "Soft white broderie anglaise gathered at the neckline with a narrow elastic, so it can be worn on or off the shoulder. The eyelet hem peeks out nicely from under a pinafore. Hand wash cold and dry flat.",
  },
  {
    title: "Striped Breton Shirt",
    category: "1-4-tops-blouses",
    priceCents: 1950,
    daysAgo: 12,
    stock: variations(["Size S", 6], ["Size M", 0], ["Size L", 3]),
    isLatest: true,
    tint: "#F4F1EA",
    pattern: "stripes",
    description:
      "The seaside classic in a fine, stretchy cotton jersey with navy stripes and a boat neck. Size S suits slim 1:4 bodies, M standard and L fuller chests. Machine washable on a cool cycle in a laundry bag.",
  },
  // ---- 1:4 Skirts & Trousers
  {
    title: "Pleated Tartan Skirt",
    category: "1-4-skirts-trousers",
    priceCents: 2600,
    daysAgo: 80,
    stock: colors(["Red", 4], ["Green", 3], ["Navy", 5]),
    pattern: "tartan",
    description:
      "Knife pleats pressed into a soft wool-blend tartan, finished with a narrow waistband and a tiny button closure. It falls just above the knee on 1:4 dolls. Steam the pleats back into shape rather than ironing flat.",
  },
  {
    title: "High-Waisted Wide-Leg Trousers",
    category: "1-4-skirts-trousers",
    priceCents: 2900,
    daysAgo: 110,
    stock: plain(0),
    tint: "#C9B79C",
    description:
      "Flowing trousers in sand-coloured crepe with a high waist, front pleats and a hidden side snap. They pool softly over heeled shoes for a 1940s feel. Hand wash cold and hang to dry.",
  },
  {
    title: "Denim Dungarees with Brass Buttons",
    category: "1-4-skirts-trousers",
    priceCents: 3400,
    daysAgo: 33,
    stock: plain(4),
    tint: "#4A6A9A",
    description:
      "Proper little dungarees in lightweight stonewashed denim, with adjustable straps, a bib pocket and two tiny brass buttons. Please note that new denim can mark pale resin, so pair with a blouse or tights. Wash separately in cold water.",
  },
  // ---- 1:4 Coats & Jackets
  {
    title: "Classic Wool Coat",
    materials: "80% wool, 20% polyamide; viscose lining; horn buttons",
    category: "1-4-coats-jackets",
    priceCents: 6800,
    daysAgo: 9,
    stock: variations(["Size S", 5], ["Size M", 2], ["Size L", 0]),
    isLatest: true,
    images: 3,
    tint: "#8B5E3C",
    description:
      "A double-breasted coat in soft camel wool flannel, fully lined in silky viscose, with notched lapels, working buttons and two flap pockets. The cut leaves room for a knit underneath. Spot clean and brush gently; store on a hanger.",
  },
  {
    title: "Quilted Country Jacket",
    category: "1-4-coats-jackets",
    priceCents: 4400,
    daysAgo: 62,
    stock: colors(["Green", 3], ["Brown", 2], ["Navy", 0]),
    description:
      "A diamond-quilted jacket with a corduroy collar and snap front, made for country walks and autumn photo shoots. Lightly padded but still slim on the arms. Spot clean only.",
  },
  {
    title: "Tweed Riding Blazer",
    category: "1-4-coats-jackets",
    priceCents: 4900,
    daysAgo: 47,
    stock: plain(6),
    tint: "#7D6B55",
    pattern: "tartan",
    description:
      "A fitted blazer in a soft heathered tweed with elbow patches, a single vent at the back and a lining in old-gold satin. It looks smart over a blouse and jodhpurs. Spot clean and brush.",
  },
  // ---- 1:4 Knitwear
  {
    title: "Cream Cable Knit Sweater",
    materials: "100% merino wool, hand-knit",
    category: "1-4-knitwear",
    priceCents: 3600,
    daysAgo: 20,
    stock: plain(12),
    tint: "#EFE6D2",
    pattern: "rib",
    description:
      "Hand-knitted in undyed merino with three plaited cables down the front and ribbed cuffs and hem. Slightly slouchy on purpose, so it layers over collars. Wash by hand in lukewarm water and dry flat.",
  },
  {
    title: "Fair Isle Yoke Cardigan",
    category: "1-4-knitwear",
    priceCents: 4200,
    daysAgo: 4,
    stock: colors(["White", 2], ["Grey", 4], ["Navy", 3], ["Red", 1]),
    isLatest: true,
    pattern: "rib",
    description:
      "A button-front cardigan with a stranded Fair Isle yoke, knitted in fine wool at a gauge made for 1:4 dolls. Each one takes most of a week, so stock is always small. Hand wash cold and dry flat.",
  },
  {
    title: "Mohair Cloud Jumper",
    category: "1-4-knitwear",
    priceCents: 3900,
    daysAgo: 58,
    stock: variations(["Mohair", 3], ["Alpaca", 2], ["Merino", 5]),
    tint: "#E8D5E0",
    pattern: "rib",
    description:
      "A light-as-air crew neck jumper in a halo-soft yarn of your choice: fluffy mohair, cosy alpaca or smooth merino. Relaxed through the body with long sleeves. Hand wash only and never wring.",
  },
  // ---- 1:4 Sleepwear
  {
    title: "Cotton Lawn Nightgown",
    category: "1-4-sleepwear",
    priceCents: 2800,
    daysAgo: 75,
    stock: plain(8),
    tint: "#F7F5F0",
    description:
      "A long, floaty nightgown in white cotton lawn with a lace-edged yoke, short sleeves and a tiny satin bow. Perfect for moody bedroom photos. Machine wash cool in a laundry bag.",
  },
  {
    title: "Flannel Pyjama Set",
    category: "1-4-sleepwear",
    priceCents: 3100,
    daysAgo: 28,
    stock: colors(["Blue", 5], ["Pink", 6], ["Grey", 0]),
    pattern: "gingham",
    description:
      "A two-piece set in brushed cotton flannel: a button-up top with contrast piping and drawstring trousers. Soft, warm and easy to dress. Machine wash cool and tumble dry low.",
  },
  {
    title: "Quilted Satin Dressing Gown",
    category: "1-4-sleepwear",
    priceCents: 4600,
    daysAgo: 16,
    stock: plain(2),
    isLatest: true,
    tint: "#D8A7A7",
    description:
      "An old-Hollywood dressing gown in dusty rose satin with a quilted shawl collar and cuffs and a matching tie belt. Lined in cotton so it doesn't slip off the shoulders. Dry clean or a gentle cold hand wash.",
  },
  // ---- 1:6 Dresses
  {
    title: "Polka Dot Swing Dress",
    category: "1-6-dresses",
    priceCents: 2400,
    daysAgo: 37,
    stock: colors(["Red", 4], ["Navy", 7], ["Black", 2], ["Yellow", 0], ["Pink", 3]),
    pattern: "dots",
    description:
      "A fifties-style swing dress for 1:6 dolls in crisp cotton with tiny dots, a fitted bodice and a full circle skirt. Closes with micro snaps at the back. Hand wash and press on a low heat.",
  },
  {
    title: "Little Prairie Dress",
    category: "1-6-dresses",
    priceCents: 2650,
    daysAgo: 66,
    stock: variations(["Cotton", 4], ["Linen", 3], ["Silk", 0]),
    tint: "#C8D5B9",
    pattern: "floral",
    description:
      "A long tiered prairie dress with a ruffled collar and gathered sleeves, sewn in your choice of cotton, linen or silk. Sized for 1:6 dolls around 26-30 cm. Hand wash cold and dry flat.",
  },
  {
    title: "Sage Linen Slip Dress",
    category: "1-6-dresses",
    priceCents: 1900,
    daysAgo: 118,
    stock: plain(10),
    tint: "#A9BC9B",
    images: 1,
    description:
      "A simple bias-cut slip dress in sage linen with spaghetti straps and a softly curved hem. Wear alone or under a cardigan. Machine wash gentle in a laundry bag.",
  },
  {
    title: "Ballet Tulle Party Dress",
    category: "1-6-dresses",
    priceCents: 2900,
    daysAgo: 2,
    stock: plain(14),
    isLatest: true,
    tint: "#F2C9D4",
    description:
      "Three layers of soft tulle over a satin bodice with a ribbon waist, for birthday parties and ballet recitals. The skirt stands out on its own without a petticoat. Spot clean only.",
  },
  // ---- 1:6 Tops & Blouses
  {
    title: "Ruffled Chiffon Blouse",
    category: "1-6-tops-blouses",
    priceCents: 1600,
    daysAgo: 90,
    stock: plain(6),
    tint: "#F5E6E8",
    description:
      "A floaty chiffon blouse with a ruffled front and long sleeves gathered into narrow cuffs. It tucks into skirts without bulk at 1:6 scale. Hand wash and hang to dry.",
  },
  {
    title: "Embroidered Daisy Camisole",
    category: "1-6-tops-blouses",
    priceCents: 1450,
    daysAgo: 52,
    stock: colors(["White", 3], ["Yellow", 2]),
    description:
      "A tiny cotton camisole with a row of hand-embroidered daisies along the neckline and adjustable ribbon straps. Lovely under dungarees or on its own in summer. Hand wash cold.",
  },
  // ---- 1:6 Skirts & Trousers
  {
    title: "Corduroy Flared Trousers",
    category: "1-6-skirts-trousers",
    priceCents: 1800,
    daysAgo: 44,
    stock: colors(["Brown", 5], ["Orange", 4], ["Green", 0]),
    description:
      "Seventies flares in fine needlecord with a snug high waist, patch back pockets and a hidden snap. They flare out beautifully over platform shoes. Wash cold inside out.",
  },
  {
    title: "Gingham Circle Skirt",
    category: "1-6-skirts-trousers",
    priceCents: 1500,
    daysAgo: 84,
    stock: plain(1),
    tint: "#E07B8A",
    pattern: "gingham",
    description:
      "A full circle skirt in pink and white gingham that swishes with every pose, finished with a narrow waistband and a rolled hem. Sized for 1:6 dolls. Hand wash and press lightly.",
  },
  {
    title: "Tiny Tailored Culottes",
    category: "1-6-skirts-trousers",
    priceCents: 1700,
    daysAgo: 105,
    stock: variations(["Size S", 0], ["Size M", 0], ["Size L", 0]),
    tint: "#5B6C7D",
    description:
      "Wide, cropped culottes in a fine wool suiting with pressed front creases and a button tab waist. They look smart with a blouse and loafers. Spot clean and press with a cloth.",
  },
  // ---- 1:6 Coats & Jackets
  {
    title: "Midnight Velvet Cape",
    materials: "Cotton velvet; satin lining",
    category: "1-6-coats-jackets",
    priceCents: 4200,
    daysAgo: 30,
    stock: plain(0),
    tint: "#1F2A44",
    description:
      "A sweeping cape in deep midnight velvet with a satin-lined collar and long ribbon ties, made for winter balls and fairy-tale photo shoots. Fully lined so it drapes smoothly. Spot clean only.",
  },
  {
    title: "Belted Trench Coat",
    category: "1-6-coats-jackets",
    priceCents: 3800,
    daysAgo: 24,
    stock: variations(["Size S", 3], ["Size M", 4], ["Size L", 2]),
    tint: "#C9AE86",
    description:
      "A classic stone trench in cotton gabardine with storm flaps, a tie belt with a working buckle and topstitched lapels. Cut generously enough for a sweater underneath. Spot clean and hang.",
  },
  {
    title: "Cropped Denim Jacket",
    category: "1-6-coats-jackets",
    priceCents: 2300,
    daysAgo: 98,
    stock: plain(9),
    tint: "#6D8DB8",
    description:
      "A boxy little jean jacket with two chest pockets, contrast topstitching and real metal snaps. It finishes just at the waist of 1:6 dolls. Wash separately in cold water; denim can mark pale vinyl and resin.",
  },
  // ---- 1:6 Knitwear
  {
    title: "Hand-Knit Cropped Cardigan",
    category: "1-6-knitwear",
    priceCents: 2100,
    daysAgo: 14,
    stock: colors(["Yellow", 3], ["Pink", 2], ["White", 4]),
    pattern: "rib",
    description:
      "A sweet cropped cardigan knitted in soft cotton yarn with five pearly buttons and ribbed edges. It pairs with everything from slip dresses to flares. Hand wash and dry flat.",
  },
  {
    title: "Striped Mariner Sweater",
    category: "1-6-knitwear",
    priceCents: 2200,
    daysAgo: 112,
    stock: colors(["Navy", 0], ["Red", 0]),
    pattern: "stripes",
    description:
      "A wool-blend jumper knitted in jaunty stripes with a wide boat neck and three-quarter sleeves. A wardrobe staple for 1:6 dolls that sells out every season. Hand wash cold and dry flat.",
  },
  {
    title: "Aran Turtleneck Jumper",
    category: "1-6-knitwear",
    priceCents: 2400,
    daysAgo: 69,
    stock: plain(7),
    tint: "#E4DAC4",
    pattern: "rib",
    description:
      "A chunky-looking turtleneck knitted in fine oatmeal wool with honeycomb and cable panels. The rolled neck can be worn up or folded down. Hand wash in lukewarm water.",
  },
  // ---- 1:6 Sleepwear
  {
    title: "Lace-Trim Cotton Nightie",
    category: "1-6-sleepwear",
    priceCents: 1550,
    daysAgo: 79,
    stock: plain(4),
    tint: "#F3E8EC",
    description:
      "A knee-length nightie in whisper-soft cotton batiste, edged with narrow lace at the neck and hem. Gathered just under the bust for a sweet silhouette. Machine wash cool in a laundry bag.",
  },
  {
    title: "Striped Cotton Pyjamas",
    category: "1-6-sleepwear",
    priceCents: 1750,
    daysAgo: 35,
    stock: variations(["Blue Stripe", 4], ["Pink Stripe", 6], ["Sage Stripe", 2]),
    tint: "#9DB6D4",
    pattern: "stripes",
    description:
      "Classic button-up pyjamas in candy-striped cotton with a notched collar, breast pocket and elastic-waist trousers. Choose your favourite stripe. Machine wash cool.",
  },
  // ---- Accessories: Hats
  {
    title: "Felted Wool Beret",
    category: "hats",
    priceCents: 1400,
    daysAgo: 42,
    stock: colors(["Red", 5], ["Black", 6], ["Navy", 2], ["Pink", 0]),
    description:
      "A proper Parisian beret, wet-felted from merino and shaped over a wooden form, with a tiny stalk on top. Fits most 1:4 and 1:6 wigs when tilted to the side. Brush lightly to remove lint.",
  },
  {
    title: "Straw Sun Hat with Ribbon",
    category: "hats",
    priceCents: 1650,
    daysAgo: 26,
    stock: plain(10),
    isLatest: true,
    tint: "#E3CF95",
    pattern: "weave",
    description:
      "A wide-brimmed hat of fine braided straw with a grosgrain ribbon band and trailing ties. Stitched by hand onto a stiffened crown so the brim keeps its curve. Keep dry and store flat.",
  },
  {
    title: "Cloche Hat with Silk Flower",
    category: "hats",
    priceCents: 1900,
    daysAgo: 93,
    stock: plain(3),
    tint: "#B9A3D1",
    description:
      "A 1920s cloche in soft wool felt with a silk-ribbon band and a hand-rolled silk flower at the side. It hugs the head for a vintage bob look. Brush gently and store on a ball of tissue.",
  },
  {
    title: "Knitted Bobble Hat",
    category: "hats",
    priceCents: 1200,
    daysAgo: 108,
    stock: plain(8),
    images: 0,
    tint: "#E07B39",
    description:
      "A snug ribbed beanie with a fluffy pompom, knitted in soft acrylic that won't shed on wigs. A stretchy fit for most 1:4 and 1:6 heads. Hand wash and reshape.",
  },
  // ---- Accessories: Bags
  {
    title: "Doll Steamer Trunk",
    materials: "Birch plywood, printed paper, brass-coloured metal clasps",
    safetyNotice: "Small metal clasps and hinges that can come loose. For adult collectors aged 14+. Not a toy.",
    category: "bags",
    priceCents: 8900,
    daysAgo: 18,
    stock: plain(2),
    isLarge: true,
    images: 3,
    tint: "#8B5E3C",
    description:
      "A wooden steamer trunk covered in walnut faux leather with brass corners, leather straps and a working clasp. It opens to a paper-lined tray and is big enough to hold a 1:6 doll's whole wardrobe. Ships in its own box; wipe with a dry cloth.",
  },
  {
    title: "Wicker Picnic Hamper",
    category: "bags",
    priceCents: 5400,
    daysAgo: 72,
    stock: plain(5),
    isLarge: true,
    tint: "#D9B77A",
    pattern: "weave",
    description:
      "A hand-woven wicker hamper with a gingham lining, two leather loops and room for tiny plates and a thermos. A perfect prop for garden scenes with 1:4 and 1:6 dolls. Dust with a soft brush.",
  },
  {
    title: "Leather Satchel with Buckle",
    category: "bags",
    priceCents: 2100,
    daysAgo: 50,
    stock: colors(["Brown", 4], ["Black", 3], ["Red", 0]),
    description:
      "A school-style satchel in soft lambskin with a buckled flap, a real top handle and a long crossbody strap. Hand-stitched edges and lined inside. Wipe with a dry cloth.",
  },
  {
    title: "Beaded Evening Clutch",
    category: "bags",
    priceCents: 1300,
    daysAgo: 86,
    stock: plain(6),
    tint: "#2B2B2E",
    description:
      "A glittering little clutch covered in hand-sewn glass seed beads, with a kiss-lock clasp and a fine chain strap. Made for opera nights and ballroom dioramas. Store in its pouch.",
  },
  {
    title: "Striped Hatbox Set",
    category: "bags",
    priceCents: 4800,
    daysAgo: 114,
    stock: plain(0),
    isLarge: true,
    tint: "#E8A0B4",
    pattern: "stripes",
    description:
      "A nesting pair of round hatboxes in candy-striped card with satin rope handles, roomy enough for full-size doll hats and wigs. The larger box measures fifteen centimetres across. Keep dry.",
  },
  // ---- Accessories: Shoes
  {
    title: "Mary Jane Shoes",
    materials: "Faux leather; elastic strap",
    category: "shoes",
    priceCents: 1800,
    daysAgo: 22,
    stock: colors(["Black", 7], ["Red", 3], ["White", 2], ["Brown", 0]),
    description:
      "Round-toed Mary Janes in supple leather with a single strap and a tiny gold button. Soft soles grip display stands. Sized for 1:4 doll feet around 6 cm long.",
  },
  {
    title: "Lace-Up Ankle Boots",
    category: "shoes",
    priceCents: 2700,
    daysAgo: 8,
    stock: variations(["Tan Leather", 3], ["Black Leather", 5], ["Oxblood Leather", 1]),
    isLatest: true,
    tint: "#A9744A",
    description:
      "Little work boots with real laces, a stacked heel and a padded collar, stitched from fine leather in three shades. Sized for 1:4 doll feet around 6 cm long. Polish with a dab of neutral wax.",
  },
  {
    title: "Velvet Ballet Slippers",
    category: "shoes",
    priceCents: 1100,
    daysAgo: 64,
    stock: plain(11),
    tint: "#E7B7C3",
    description:
      "Soft velvet slippers with a satin ribbon tie and a suede sole, made for ballet poses and bedtime. They stretch a little to fit most 1:6 feet. Spot clean only.",
  },
  {
    title: "Cotton Ankle Socks Trio",
    category: "shoes",
    priceCents: 900,
    daysAgo: 102,
    stock: plain(15),
    tint: "#F7F5F0",
    images: 1,
    description:
      "Three pairs of tiny ribbed socks in white, cream and dove grey, with a lace frill at the cuff. They protect resin feet from dark shoes. Hand wash in a mesh bag.",
  },
];

// ---------------------------------------------------------------------------------------------
// Word lists for --products N (bulk catalogue for load and search testing).

export const BULK_COLOUR_WORDS: readonly string[] = [
  "Dusty Rose",
  "Sage",
  "Oatmeal",
  "Midnight",
  "Buttercup",
  "Heather",
  "Cornflower",
  "Mulberry",
  "Duck Egg",
  "Honey",
  "Moss",
  "Blush",
  "Ivory",
  "Charcoal",
  "Seafoam",
  "Terracotta",
  "Plum",
  "Lilac",
  "Cinnamon",
  "Pewter",
  "Apricot",
  "Marigold",
  "Storm Grey",
  "Cherry",
  "Petal Pink",
  "Pine",
  "Walnut",
  "Oyster",
  "Wisteria",
  "Sky Blue",
  "Mint",
  "Caramel",
  "Rosewood",
  "Lemon",
  "Forget-Me-Not",
  "Burgundy",
  "Cream",
  "Slate",
  "Coral",
  "Olive",
];

export const BULK_STYLE_WORDS: readonly string[] = [
  "Vintage",
  "Smocked",
  "Ruffled",
  "Embroidered",
  "Pintucked",
  "Scalloped",
  "Quilted",
  "Tiered",
  "Cropped",
  "Lace-Trimmed",
  "Tailored",
  "Cosy",
  "Little",
  "Sunday",
  "Garden Party",
  "Victorian",
  "Edwardian",
  "Prairie",
  "Seaside",
  "Woodland",
  "Parisian",
  "Cottage",
  "Festival",
  "Heirloom",
];

export interface BulkKind {
  /** Child category name. */
  category: string;
  fabrics: readonly string[];
  garments: readonly string[];
  priceRange: readonly [number, number];
}

const GARMENT_FABRICS = [
  "Linen",
  "Cotton Lawn",
  "Voile",
  "Corduroy",
  "Velvet",
  "Tweed",
  "Chambray",
  "Seersucker",
  "Poplin",
  "Silk",
  "Wool Crepe",
  "Flannel",
  "Broderie",
  "Chiffon",
  "Jersey",
  "Denim",
  "Gingham",
  "Calico",
  "Satin",
];

export const BULK_KINDS: Readonly<Record<string, BulkKind>> = {
  Dresses: {
    category: "Dresses",
    fabrics: GARMENT_FABRICS,
    garments: ["Dress", "Pinafore", "Sundress", "Tea Dress", "Smock Dress", "Slip Dress", "Party Dress", "Shirtwaist Dress", "Wrap Dress"],
    priceRange: [1500, 6900],
  },
  "Tops & Blouses": {
    category: "Tops & Blouses",
    fabrics: GARMENT_FABRICS,
    garments: ["Blouse", "Shirt", "Camisole", "Peasant Top", "Tunic", "Sailor Top", "Smock Top"],
    priceRange: [1000, 3200],
  },
  "Skirts & Trousers": {
    category: "Skirts & Trousers",
    fabrics: GARMENT_FABRICS,
    garments: ["Skirt", "Trousers", "Culottes", "Dungarees", "Circle Skirt", "Shorts", "Kilt"],
    priceRange: [1100, 3600],
  },
  "Coats & Jackets": {
    category: "Coats & Jackets",
    fabrics: ["Wool", "Tweed", "Velvet", "Corduroy", "Gabardine", "Boucle", "Denim", "Melton", "Quilted Cotton"],
    garments: ["Coat", "Jacket", "Cape", "Blazer", "Duffle Coat", "Pea Coat", "Bolero", "Trench Coat"],
    priceRange: [2200, 7900],
  },
  Knitwear: {
    category: "Knitwear",
    fabrics: ["Merino", "Mohair", "Alpaca", "Cashmere-Blend", "Cotton Knit", "Lambswool", "Boucle", "Aran"],
    garments: ["Sweater", "Cardigan", "Jumper", "Tank Top", "Shrug", "Turtleneck", "Pullover"],
    priceRange: [1600, 4800],
  },
  Sleepwear: {
    category: "Sleepwear",
    fabrics: ["Flannel", "Cotton Batiste", "Satin", "Brushed Cotton", "Jersey", "Lawn", "Seersucker"],
    garments: ["Nightgown", "Pyjama Set", "Dressing Gown", "Sleep Shirt", "Robe", "Nightie"],
    priceRange: [1200, 4600],
  },
  Hats: {
    category: "Hats",
    fabrics: ["Felt", "Straw", "Wool", "Velvet", "Linen", "Raffia", "Tweed"],
    garments: ["Beret", "Cloche", "Sun Hat", "Bonnet", "Beanie", "Boater", "Bucket Hat"],
    priceRange: [900, 2500],
  },
  Bags: {
    category: "Bags",
    fabrics: ["Leather", "Suede", "Canvas", "Wicker", "Tapestry", "Velvet", "Beaded"],
    garments: ["Satchel", "Tote", "Clutch", "Basket", "Backpack", "Purse", "Steamer Trunk", "Hatbox", "Suitcase"],
    priceRange: [1000, 8900],
  },
  Shoes: {
    category: "Shoes",
    fabrics: ["Leather", "Suede", "Patent", "Velvet", "Canvas"],
    garments: ["Boots", "Mary Janes", "Sandals", "Slippers", "Loafers", "Oxfords", "Ballet Flats"],
    priceRange: [900, 3200],
  },
};

/** Sentence parts for ~30-word bulk descriptions. */
export const BULK_OPENERS: readonly string[] = [
  "Cut from {fabric} and finished by hand in our little studio, this {garment} is made in tiny batches.",
  "A {style} {garment} sewn from {fabric}, with the sort of care usually kept for heirlooms.",
  "Our {garment} in {fabric} began as a sketch on the workroom wall and became a customer favourite.",
  "Soft {fabric} makes this {garment} easy to dress and lovely to photograph.",
  "This {style} {garment} is stitched from {fabric} chosen for its drape at doll scale.",
];

export const BULK_DETAILS: readonly string[] = [
  "tiny shell buttons",
  "a hand-rolled hem",
  "delicate pintucks",
  "a velvet ribbon sash",
  "French seams",
  "a lined bodice",
  "hand-embroidered forget-me-nots",
  "scalloped edges",
  "a working hook-and-eye",
  "patch pockets",
  "covered snaps",
  "picot trim",
  "contrast piping",
  "a drawstring waist",
  "faux-pearl buttons",
  "a bias-bound neckline",
  "smocked cuffs",
  "a tiny brass buckle",
  "blanket-stitched edges",
  "a cotton lining",
  "gathered sleeves",
  "a lace collar",
];

export const BULK_FITS: Readonly<Record<"1:4" | "1:6" | "any", readonly string[]>> = {
  "1:4": ["Sized for most 1:4 ball-jointed dolls around 40-45 cm.", "Fits slim and standard 1:4 bodies with room to pose."],
  "1:6": ["Sized for 1:6 dolls around 26-30 cm.", "Fits most 1:6 fashion and play dolls."],
  any: ["Suits both 1:4 and 1:6 dolls.", "Made to work across our 1:4 and 1:6 collections."],
};

export const BULK_CARE: readonly string[] = [
  "Hand wash cold and dry flat.",
  "Spot clean and press with a cool iron.",
  "Store away from sunlight to keep the colour fresh.",
  "Dark dyes may stain pale resin, so remove before long displays.",
  "Machine wash gently in a laundry bag.",
  "Brush lightly and keep in its tissue.",
];

/** A piece's net weight by kind, in grams, for a 1:4 doll; a 1:6 piece weighs about half. */
const WEIGHT_BY_KIND: Readonly<Record<string, number>> = {
  dresses: 60,
  "tops-blouses": 35,
  "skirts-trousers": 45,
  "coats-jackets": 110,
  knitwear: 70,
  sleepwear: 50,
  hats: 25,
  bags: 70,
  shoes: 30,
};

/**
 * The demo catalogue's weights (the packing slip's customs declaration adds them up): by kind
 * and scale, a little apart piece by piece, and the large pieces (trunks, hampers, hatboxes)
 * heavier. Deterministic, so every seed gives the same weights.
 */
export function seedWeightGrams(p: ProductSeed): number {
  const kind = p.category.replace(/^1-[46]-/, "");
  const base = p.isLarge ? 420 : (WEIGHT_BY_KIND[kind] ?? 50);
  const scaled = p.category.startsWith("1-6-") ? base / 2 : base;
  // ±15% by title, so two dresses do not weigh the same.
  const spread = ([...p.title].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 31) / 100 - 0.15;
  return Math.max(5, Math.round(scaled * (1 + spread)));
}
