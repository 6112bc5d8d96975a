/** The cart's notification texts, in one place for forms, fetchers and tests. */
export const CART_TOAST_TEXT = {
  added: { title: "Added to cart", description: "Item has been added to your cart successfully.", type: "success" },
  removed: { title: "Item removed", type: "success" },
  cleared: { title: "Cart cleared", type: "success" },
  updated: { title: "Cart updated", type: "success" },
  favoriteAdded: { title: "Added to favorites", type: "success" },
  favoriteRemoved: { title: "Removed from favorites", type: "success" },
  loginForFavorites: { title: "Please log in", description: "You need to be logged in to add favorites.", type: "error" },
  signInForFavorites: { title: "Sign in to save favorites", type: "info" },
  outOfStock: { title: "Out of stock", description: "This product is currently out of stock.", type: "error" },
  selectColor: { title: "Select a color", type: "error" },
  selectVariation: { title: "Select a variation", type: "error" },
  favoritesFailed: { title: "Error", description: "Please try again.", type: "error" },
  loggedOut: { title: "Logged out successfully", description: "See you next time!", type: "success" },
} as const;

export const NOT_ENOUGH_STOCK = "Sorry, we don't have enough items in stock for your request.";

type Toast = { title: string; description?: string; type: "success" | "error" | "info" };

/** Replaces the server's stock wording by the shopper-facing sentence. */
export function friendlyStockText(message: string): string {
  return message.includes("items available in stock") ? NOT_ENOUGH_STOCK : message;
}

export function addToCartFailure(message: string | undefined, code?: string, field?: string): Toast {
  if (code === "out-of-stock" && !field) return { ...CART_TOAST_TEXT.outOfStock };
  if (field === "colorId" && message === "Select a color") return { ...CART_TOAST_TEXT.selectColor };
  if (field === "variationCode" && message === "Select a variation") return { ...CART_TOAST_TEXT.selectVariation };
  return {
    title: "Unable to add to cart",
    description: message ? friendlyStockText(message) : "Failed to add item to cart.",
    type: "error",
  };
}

export function updateFailure(message: string | undefined, onCartPage: boolean): Toast {
  return {
    title: onCartPage ? "Failed to update quantity" : "Failed to update cart item.",
    description: message ? friendlyStockText(message) : undefined,
    type: "error",
  };
}

export function removeFailure(onCartPage: boolean): Toast {
  return { title: onCartPage ? "Failed to remove item" : "Failed to remove item from cart.", type: "error" };
}

export const CLEAR_FAILED: Toast = { title: "Failed to clear cart", type: "error" };
