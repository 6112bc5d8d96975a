import { colors, plain, type ProductSeed, variations } from "./types";

/** The 1:4 pieces, in the order the seed writes them. */
export const PRODUCTS_1_4: readonly ProductSeed[] = [
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
];
