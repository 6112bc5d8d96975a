import { colors, plain, type ProductSeed, variations } from "./types";

/** The 1:6 pieces, in the order the seed writes them. */
export const PRODUCTS_1_6: readonly ProductSeed[] = [
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
];
