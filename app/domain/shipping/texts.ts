import { formatMoney } from "~/lib/money";
import { type FreeShippingNudge } from "~/domain/orders/totals";

/** What the shopper reads about shipping: the rates' descriptions, the free-shipping nudge, the refusal. Browser-safe. */
export const SHIPPING_TEXT = {
  /** The contract's words for a country no zone ships to (checkout, POST /api/orders). */
  notShipped: "We do not ship to this country",
  unknownCountry: "Unknown country: use an ISO 3166-1 alpha-2 code such as US or PL",
  standardDescription: "Tracked priority airmail",
  largeDescription: "Tracked airmail for large items",
  freeDescription: (fromCents: number) => `Free on orders from ${formatMoney(fromCents)}`,
  /** The contract's words: 'Free shipping from $X. Add $Y more'. */
  nudge: (nudge: FreeShippingNudge) => `Free shipping from ${formatMoney(nudge.fromCents)}. Add ${formatMoney(nudge.missingCents)} more`,
  /** The cart, when no zone ships to its country (the owner stopped shipping there). */
  atCheckout: "At checkout",
  cartCountry: (name: string) => `Shipping to ${name}; you choose the country at checkout.`,
  /** Without JavaScript, checkout's button that shows the shipping of the country just chosen. */
  updateShipping: "Update shipping",
  chooseCountry: "Choose the country to see its shipping",
} as const;

/** The owner's Shipping zones card and the zones API: labels, hints and refusals. Browser-safe. */
export const SHIPPING_ZONE_TEXT = {
  title: "Shipping zones",
  intro:
    "Where the shop ships and at what price. A country belongs to at most one zone; a country in no zone is not shipped to. New carts and checkouts use these at once; placed orders keep the shipping they were placed with.",
  nameRequired: "Zone name is required",
  nameTooLong: (max: number) => `Zone name must be ${max} characters or less`,
  nameTaken: "Another zone already has this name",
  countriesRequired: "Add at least one country",
  countriesHint: "ISO codes or English names, separated by commas: DE, FR or Germany, France.",
  unknownCountries: (typed: string[]) => `Not a country: ${typed.join(", ")}. Use ISO codes such as DE or English names such as Germany`,
  unknownCode: (code: string) => `Unknown country code: ${code}`,
  tooManyCountries: (max: number) => `A zone holds at most ${max} countries`,
  /** A country already in another zone: the owner moves it out of there first. */
  overlap: (country: string, zone: string) => `${country} is already in the zone ${zone}: take it out of that zone first`,
  overlapInRequest: (code: string) => `${code} is in more than one zone`,
  price: "Enter a price such as 8 or 8.50",
  priceApi: "Must be an amount such as 8.00, not negative",
  messageRequired: "Say why: the message shoppers read when the zone is not shipped to",
  messageTooLong: (max: number) => `Message must be ${max} characters or less`,
  shippedInvalid: "Must be true or false",
  tooManyZones: (max: number) => `At most ${max} zones`,
  unknownZone: "This zone no longer exists",
  saved: "Shipping zone saved",
  added: "Shipping zone added",
  deleted: "Shipping zone deleted",
  notSaved: "Shipping zone not saved",
  deleteConfirm: "Delete this shipping zone? Its countries will not be shipped to until they are in another zone.",
} as const;
