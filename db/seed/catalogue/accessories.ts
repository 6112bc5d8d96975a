import { colors, plain, type ProductSeed, variations } from "./types";

/** Hats, bags and shoes, in the order the seed writes them. */
export const ACCESSORIES: readonly ProductSeed[] = [
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
