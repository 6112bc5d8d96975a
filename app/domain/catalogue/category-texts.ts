/** Messages of the category rules and the category forms (browser-safe). */
export const CATEGORY_TEXT = {
  recalculated: "Category product counts have been recalculated successfully.",
  recalculateFailed: "Failed to recalculate category counts.",
  cleanFailed: "Failed to clean orphaned relationships.",
  recalculateConfirm: "Recalculate the product count of every category?",
  cleanConfirm: "Delete product-category links whose product or category no longer exists?",
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

export function cleanedMessage(n: number): string {
  return `Cleaned ${n} orphaned product-category relationships`;
}

export function stillHasProducts(n: number): string {
  return `This category still has ${n} ${n === 1 ? "product" : "products"}. Move them first.`;
}

export function stillHasChildren(n: number): string {
  return `This category still has ${n} ${n === 1 ? "subcategory" : "subcategories"}. Move or delete them first.`;
}
