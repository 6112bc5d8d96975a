/**
 * The people, places and words of the demo shop's year (db/seed/demo-year.ts): customers,
 * addresses in the countries the shop ships to, review texts and the owner's replies. Every
 * e-mail address is on a reserved domain (RFC 2606), so no real person is ever written to.
 */

export const CUSTOMER_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["Anna", "Kowalski"],
  ["Margaret", "Hughes"],
  ["Sophie", "Laurent"],
  ["Emily", "Carter"],
  ["Hannah", "Becker"],
  ["Yuki", "Tanaka"],
  ["Clara", "Jensen"],
  ["Olivia", "Bennett"],
  ["Charlotte", "Moreau"],
  ["Isabel", "García"],
  ["Lucy", "Thompson"],
  ["Mia", "Schneider"],
  ["Grace", "O'Connor"],
  ["Ingrid", "Lindqvist"],
  ["Rosa", "Bianchi"],
  ["Eleanor", "Price"],
  ["Julia", "de Vries"],
  ["Amelia", "Clarke"],
  ["Hana", "Kim"],
  ["Beatrice", "Rossi"],
  ["Dorothy", "Miller"],
  ["Freya", "Nielsen"],
  ["Léa", "Dubois"],
  ["Sarah", "Goldberg"],
  ["Victoria", "Hayes"],
  ["Elena", "Petrova"],
  ["Nora", "Haugen"],
  ["Ruth", "Campbell"],
  ["Aiko", "Suzuki"],
  ["Helen", "Wright"],
  ["Martina", "Huber"],
  ["Chloe", "Martin"],
  ["Daniel", "Brooks"],
  ["Laura", "Peeters"],
  ["Vivian", "Chen"],
  ["Imogen", "Fraser"],
  ["Paula", "Weber"],
  ["Catherine", "Reid"],
  ["Maja", "Virtanen"],
  ["Thomas", "Ashford"],
];

export const GUEST_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["Joanna", "Pike"],
  ["Beth", "Nakamura"],
  ["Karen", "Lowell"],
  ["Agnes", "Holm"],
  ["Linda", "Marsh"],
  ["Fiona", "Keane"],
  ["Marie", "Lefèvre"],
  ["Susan", "Ortiz"],
  ["Ellen", "Vogel"],
  ["Tessa", "Hart"],
  ["Greta", "Sandberg"],
  ["Alice", "Moore"],
];

/** The domains customers' addresses are on (all reserved for examples). */
export const EMAIL_DOMAINS = ["example.com", "example.org", "example.net"] as const;

export interface AddressSeed {
  /** ISO 3166-1 alpha-2: a country a seeded shipping zone ships to. */
  country: string;
  city: string;
  state: string | null;
  postal: string;
  street: string;
}

/** Streets and towns in the countries the shop ships to; house numbers are added per customer. */
export const ADDRESSES: readonly AddressSeed[] = [
  { country: "US", city: "Portland", state: "OR", postal: "97205", street: "SW Alder Street" },
  { country: "US", city: "Austin", state: "TX", postal: "78704", street: "Bluebonnet Lane" },
  { country: "US", city: "Brooklyn", state: "NY", postal: "11215", street: "Prospect Park West" },
  { country: "US", city: "Madison", state: "WI", postal: "53703", street: "Williamson Street" },
  { country: "US", city: "Savannah", state: "GA", postal: "31401", street: "Abercorn Street" },
  { country: "US", city: "San Diego", state: "CA", postal: "92103", street: "Upas Street" },
  { country: "CA", city: "Toronto", state: "ON", postal: "M4E 1G6", street: "Queen Street East" },
  { country: "CA", city: "Victoria", state: "BC", postal: "V8V 3K3", street: "Cook Street" },
  { country: "GB", city: "Bath", state: null, postal: "BA1 2QH", street: "Gay Street" },
  { country: "GB", city: "York", state: null, postal: "YO1 7HH", street: "Petergate" },
  { country: "GB", city: "Edinburgh", state: null, postal: "EH3 6BX", street: "Dundas Street" },
  { country: "AU", city: "Melbourne", state: "VIC", postal: "3068", street: "Brunswick Street" },
  { country: "AU", city: "Hobart", state: "TAS", postal: "7004", street: "Hampden Road" },
  { country: "DE", city: "Hamburg", state: null, postal: "20249", street: "Eppendorfer Landstraße" },
  { country: "DE", city: "München", state: null, postal: "80799", street: "Türkenstraße" },
  { country: "FR", city: "Lyon", state: null, postal: "69002", street: "Rue Mercière" },
  { country: "FR", city: "Paris", state: null, postal: "75011", street: "Rue de la Roquette" },
  { country: "NL", city: "Utrecht", state: null, postal: "3511 LX", street: "Oudegracht" },
  { country: "SE", city: "Göteborg", state: null, postal: "413 06", street: "Linnégatan" },
  { country: "JP", city: "Kyoto", state: "Kyoto", postal: "604-8005", street: "Sanjo-dori" },
  { country: "IT", city: "Bologna", state: "BO", postal: "40125", street: "Via Santo Stefano" },
  { country: "NO", city: "Bergen", state: null, postal: "5003", street: "Øvregaten" },
  { country: "AT", city: "Wien", state: null, postal: "1070", street: "Neubaugasse" },
  { country: "BE", city: "Gent", state: null, postal: "9000", street: "Korenlei" },
  { country: "KR", city: "Seoul", state: null, postal: "03035", street: "Jahamun-ro" },
  { country: "FI", city: "Helsinki", state: null, postal: "00130", street: "Korkeavuorenkatu" },
  { country: "NZ", city: "Wellington", state: null, postal: "6011", street: "Cuba Street" },
];

/** A few words buyers leave at checkout. */
export const CUSTOMER_MESSAGES = [
  "It's a birthday present for my sister, could you leave the price out of the parcel?",
  "My doll is a 1:4 with a slim body, I hope it fits!",
  "No rush at all, thank you!",
  "Could you wrap it in tissue? It's a Christmas gift.",
  "Love your work, this is my third order.",
] as const;

export const RETURN_NOTES = [
  "Too small for her doll's body",
  "Colour not as expected",
  "Bought twice by mistake",
  "Doll has a larger bust than the size guide",
] as const;

export const WITHDRAWAL_STATEMENTS = [
  "I hereby withdraw from the contract for this order. It does not fit my doll, sorry!",
  "I would like to withdraw from my purchase, I ordered the wrong scale.",
] as const;

/** Review titles by rating band. */
export const REVIEW_TITLES: Record<"great" | "good" | "ok", readonly string[]> = {
  great: [
    "Absolutely perfect",
    "Even prettier in person",
    "Tiny stitches, big joy",
    "My doll's new favourite",
    "Heirloom quality",
    "Worth every penny",
    "So beautifully made",
    "A little work of art",
  ],
  good: ["Lovely, fits well", "Very pretty", "Nice quality", "Sweet and well made"],
  ok: ["Pretty but a bit snug", "Nice, slow to arrive"],
};

/** Opening lines; {item} is the product's title in lower case. */
export const REVIEW_OPENERS = [
  "The {item} arrived wrapped in tissue with a little handwritten note, and it is even prettier than the photos.",
  "I have bought doll clothes from many shops and the {item} is easily the best finished piece I own.",
  "I ordered the {item} for my daughter's doll and we both squealed when we opened the parcel.",
  "You can tell the {item} was made by someone who loves what she does.",
  "The {item} is a little treasure: the fabric is soft and the seams are tiny and neat.",
  "I was a bit nervous about sizing, but the {item} fits my doll like it was made for her.",
  "This is my second purchase and the {item} did not disappoint.",
  "The colour of the {item} is exactly as pictured, a really lovely shade.",
] as const;

export const REVIEW_DETAILS = [
  "The snaps at the back are easy to open even with the doll's joints.",
  "The hem is hand finished and there isn't a single loose thread.",
  "It slips on without scratching the vinyl, which matters a lot to me.",
  "The lining is a lovely touch you rarely see at this scale.",
  "The buttons are real and actually work!",
  "It photographs beautifully, my doll looks so elegant in it.",
  "It drapes like real clothing, not stiff at all.",
  "The little details, the pleats and the trim, are just perfect.",
] as const;

export const REVIEW_CLOSERS = [
  "I will definitely be back for more.",
  "Thank you so much, it made my week!",
  "Highly recommended to any collector.",
  "Already eyeing my next order.",
  "Shipping was quick and well packed too.",
  "It's going straight into her display cabinet.",
] as const;

/** Lines for the few less glowing reviews. */
export const REVIEW_SNUG = [
  "It is a little snug over my doll's hips, so check the size guide carefully; the work itself is lovely.",
  "Beautiful piece, but the parcel took almost three weeks to reach me.",
] as const;

/** The owner's public replies. */
export const OWNER_REPLIES = [
  "Thank you so much for your kind words! It was a joy to sew, and I'm so happy it found a good home.",
  "What a lovely review, thank you! I hope your doll enjoys wearing it as much as I enjoyed making it.",
  "Thank you! Hearing this makes every tiny stitch worth it.",
  "Thank you for the photo, she looks wonderful in it!",
  "Thank you for letting me know about the fit. I've added the hip measurement to the size guide so others can check.",
  "I'm sorry the parcel took so long; the post was very slow before the holidays. Thank you for your patience!",
] as const;
