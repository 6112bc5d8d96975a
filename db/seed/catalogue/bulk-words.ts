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
