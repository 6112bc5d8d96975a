/**
 * The home page's texts the owner edits in the admin's Pages tab (settings key 'home'). A
 * `{shippingTime}` in them shows Settings' dispatch time ('1–3 business days').
 * Browser-safe: types and defaults only.
 */
export type HomeTexts = {
  heroTitle: string;
  heroLine: string;
  shippingTitle: string;
  shippingText: string;
  value1Title: string;
  value1Text: string;
  value2Title: string;
  value2Text: string;
  value3Title: string;
  value3Text: string;
  /** The words of a value text that the source link follows; "" for no claim. */
  reviewsClaim: string;
  /** Where the reviews can be read (EU rules: a shop says where reviews come from). */
  reviewsSourceUrl: string;
  reviewsSourceLabel: string;
};

export const DEFAULT_HOME_TEXT: HomeTexts = {
  heroTitle: "Tiny wardrobes, sewn by hand",
  heroLine: "Dresses, coats, knitwear and accessories for 1:4 and 1:6 collectible dolls, made one piece at a time in a small studio.",
  shippingTitle: "Ready to ship worldwide",
  shippingText: "within {shippingTime}, with tracking and box packaging.",
  value1Title: "Handcrafted quality",
  value1Text: "Every garment is cut, sewn and finished by hand with fine cottons, linens, wools and silks.",
  value2Title: "Ships worldwide, tracked",
  value2Text: "Ready-to-ship pieces leave the studio within {shippingTime}, tracked and gift-boxed.",
  value3Title: "Trusted since 2010",
  value3Text: "Selling internationally since 2010, with over 4,000 orders and 2,000+ five-star reviews.",
  reviewsClaim: "2,000+ five-star reviews",
  reviewsSourceUrl: "https://www.etsy.com/shop/littlestitchesatelier#reviews",
  reviewsSourceLabel: "on our marketplace shop",
};

export const HOME_TEXT_KEYS = Object.keys(DEFAULT_HOME_TEXT) as (keyof HomeTexts)[];

export type ValueBlurb = {
  title: string;
  /** The text split around the reviews claim, so the source link can follow the claim. */
  before: string;
  claim: string;
  after: string;
};

/**
 * The three value blurbs, with the reviews claim located: the first blurb whose text holds the
 * claim gets the source link right after it. `claimAlone` is set when no blurb holds it.
 */
export function homeValues(texts: HomeTexts): { values: ValueBlurb[]; claimAlone: string | null } {
  const claim = texts.reviewsClaim.trim();
  let placed = false;
  const values = ([1, 2, 3] as const).map((n) => {
    const title = texts[`value${n}Title`];
    const text = texts[`value${n}Text`];
    const at = claim && !placed ? text.indexOf(claim) : -1;
    if (at < 0) return { title, before: text, claim: "", after: "" };
    placed = true;
    return { title, before: text.slice(0, at), claim, after: text.slice(at + claim.length) };
  });
  return { values, claimAlone: claim && !placed ? claim : null };
}
