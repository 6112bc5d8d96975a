/** The store's name, contact e-mail and description when the owner has not set them (browser-safe). */
export const DEFAULT_STORE_SETTINGS = {
  name: "Little Stitches Atelier",
  email: "hello@example.com",
  description: "Handmade clothing and accessories for 1:4 and 1:6 collectible dolls",
};

export type StoreSettings = typeof DEFAULT_STORE_SETTINGS;
