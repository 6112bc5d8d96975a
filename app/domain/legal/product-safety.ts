/**
 * A product's identifier, materials and safety notice (what the product-safety rules want shown
 * before purchase). Browser-safe: limits, texts and the rules both doors share.
 */

export const MAX_SKU = 40;
export const MAX_MATERIALS = 300;
export const MAX_SAFETY_NOTICE = 300;

/** Letters, digits and - _ . only: a SKU goes on labels, in URLs and in spreadsheets unquoted. */
// The hyphen stands outside the class: the browser reads a pattern attribute with the v flag, which refuses a bare '-' in one.
export const SKU_PATTERN = /^(?:[A-Za-z0-9._]|-)*$/;

export const SAFETY_TEXT = {
  skuFormat: "SKU may use only letters, digits, '-', '_' and '.'",
  skuTooLong: `SKU must be ${MAX_SKU} characters or less`,
  skuTaken: "SKU is already used by another product",
  materialsTooLong: `Materials must be ${MAX_MATERIALS} characters or less`,
  safetyNoticeTooLong: `Safety notice must be ${MAX_SAFETY_NOTICE} characters or less`,
} as const;

/**
 * The notice to store for a product: null means "the store's default". An empty notice, or one
 * equal to the current default (an API client sending back what it read), follows the default,
 * so a later change of the default in Settings reaches it too.
 */
export function ownSafetyNotice(notice: string | null | undefined, storeDefault: string): string | null {
  const trimmed = notice?.trim() ?? "";
  return trimmed === "" || trimmed === storeDefault.trim() ? null : trimmed;
}

/** The notice a shopper sees: the product's own, else the store's default (never empty). */
export function shownSafetyNotice(own: string | null | undefined, storeDefault: string): string {
  return own?.trim() ? own.trim() : storeDefault;
}

/** The SKU as shown: the stored one (the database fills it on insert), or the same form from the id. */
export function skuOf(sku: string | null | undefined, id: number): string {
  return sku?.trim() ? sku : `LSA-${String(id).padStart(5, "0")}`;
}

/**
 * The schema.org Product properties of the product-safety fields: `sku`, `material` when given,
 * and the maker as `manufacturer` (an Organization; schema.org lets its address be plain text).
 */
export function productSafetyJsonLd(product: { sku: string; materials: string }, maker: { name: string; address: string }): Record<string, unknown> {
  return {
    sku: product.sku,
    ...(product.materials.trim() ? { material: product.materials.trim() } : {}),
    manufacturer: { "@type": "Organization", name: maker.name, address: maker.address },
  };
}
