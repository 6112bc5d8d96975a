/** Texts and intents of the admin store tabs (browser-safe: no zod, no server code). */

export const STORE_INTENTS = {
  categoryCreate: "category-create",
  categoryUpdate: "category-update",
  categoryDelete: "category-delete",
  loyaltyAward: "loyalty-award",
  functionsRecalculate: "functions-recalculate",
  functionsClean: "functions-clean",
  settingsSave: "settings-save",
  shippingSave: "shipping-save",
  loyaltySave: "loyalty-save",
  legalSave: "legal-save",
  backupNow: "backup-now",
} as const;

export type StoreIntent = (typeof STORE_INTENTS)[keyof typeof STORE_INTENTS];

export const STORE_TEXT = {
  awardMissing: "Please enter both email and points amount",
  awardPositive: "Points must be a positive number",
  awardTooMany: "Points must be 100000 or less",
  awardUnknownEmail: "No customer with this email",
  awardFailed: "Failed to award points",
  awardSuccessTitle: "Points awarded",
  recalculated: "Category product counts have been recalculated successfully.",
  recalculateFailed: "Failed to recalculate category counts.",
  cleanFailed: "Failed to clean orphaned relationships.",
  recalculateConfirm: "Recalculate the product count of every category?",
  cleanConfirm: "Delete product-category links whose product or category no longer exists?",
  settingsSaved: "Settings saved",
  shippingSaved: "Shipping rates saved",
  loyaltySaved: "Loyalty rules saved",
  legalSaved: "Seller details saved",
  backupDone: "Backup complete",
  backupFailed: "Backup failed",
  settingsFailed: "Failed to save settings.",
  slugTaken: "Slug is already used by another category",
  categoryCreated: "Category added",
  categoryUpdated: "Category updated",
  categoryDeleted: "Category deleted",
  categoryDeleteFailed: "Category not deleted",
  categoryNotFound: "Category not found",
  deleteCategoryConfirm: "Are you sure you want to delete this category?",
  ownParent: "A category cannot be its own parent",
  parentTooDeep: "Choose a top-level category as the parent: categories have two levels",
  hasChildrenCannotMove: "This category has subcategories, so it must stay at the top level",
} as const;

export const MAX_AWARD_POINTS = 100_000;

export function awardedDescription(points: number, email: string): string {
  return `${points} points added to ${email}`;
}

export function cleanedMessage(n: number): string {
  return `Cleaned ${n} orphaned product-category relationships`;
}

export function stillHasProducts(n: number): string {
  return `This category still has ${n} ${n === 1 ? "product" : "products"}. Move them first.`;
}

export function stillHasChildren(n: number): string {
  return `This category still has ${n} ${n === 1 ? "subcategory" : "subcategories"}. Move or delete them first.`;
}

/** Name as the Users tab shows it: first plus last name, else the part of the e-mail before @. */
export function displayName(firstName: string | null, lastName: string | null, email: string): string {
  const full = [firstName ?? "", lastName ?? ""].map((s) => s.trim()).filter(Boolean).join(" ");
  return full || email.split("@")[0] || email;
}

export const DEFAULT_STORE_SETTINGS = {
  name: "Little Stitches Atelier",
  email: "hello@example.com",
  description: "Handmade clothing and accessories for 1:4 and 1:6 collectible dolls",
};

export type StoreSettings = typeof DEFAULT_STORE_SETTINGS;
