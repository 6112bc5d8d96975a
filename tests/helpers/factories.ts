export { makeCategory, makeProduct, makeUser, type ProductSpec, seedPalette } from "./kit";
