import { type Translation } from "./types";

/** The header, footer, menus and error pages around every shopper's page. */
export const en = {
  "layout.skipToContent": "Skip to content",
  "layout.demoBanner": "Demonstration shop: payments are simulated and nothing is charged.",
  "layout.languages": "Language",
  // The cart drawer's forms and totals and the order parts the hydrated admin renders too: plain placeholders only.
  "layout.cart.decrease": "Decrease quantity of {title}",
  "layout.cart.quantityOf": "Quantity of {title}",
  "layout.cart.increase": "Increase quantity of {title}",
  "layout.cart.removeItem": "Remove {title}",
  "layout.cart.remove": "Remove",
  "layout.cart.removeConfirm": "Are you sure you want to remove this item from your cart?",
  "layout.cart.clearConfirm": "Are you sure you want to clear your entire cart?",
  "layout.totals.subtotal": "Subtotal",
  "layout.totals.shipping": "Shipping",
  "layout.totals.shippingWith": "Shipping ({name})",
  "layout.totals.free": "Free",
  "layout.totals.total": "Total",
  "layout.totals.atCheckout": "At checkout",
  "layout.totals.largeItem": "Large item shipping applied",
  "layout.totals.freeShippingNudge": "Free shipping from {from}. Add {missing} more",
  "layout.totals.loyaltyDiscount": "Loyalty Discount",
  "layout.totals.loyaltyDiscountPoints": "Loyalty Discount ({points} points)",
  "layout.order.color": "Color",
  "layout.order.variation": "Variation",
  "layout.order.qty": "Qty",
  "layout.order.each": "Each",
  "layout.order.trackParcel": "(track your parcel, opens in a new tab)",
} as const;

export const pl: Translation<typeof en> = {
  "layout.skipToContent": "Przejdź do treści",
  "layout.demoBanner": "Sklep demonstracyjny: płatności są symulowane i nic nie jest pobierane.",
  "layout.languages": "Język",
  "layout.cart.decrease": "Zmniejsz ilość: {title}",
  "layout.cart.quantityOf": "Ilość: {title}",
  "layout.cart.increase": "Zwiększ ilość: {title}",
  "layout.cart.removeItem": "Usuń: {title}",
  "layout.cart.remove": "Usuń",
  "layout.cart.removeConfirm": "Czy na pewno chcesz usunąć ten produkt z koszyka?",
  "layout.cart.clearConfirm": "Czy na pewno chcesz opróżnić cały koszyk?",
  "layout.totals.subtotal": "Suma częściowa",
  "layout.totals.shipping": "Wysyłka",
  "layout.totals.shippingWith": "Wysyłka ({name})",
  "layout.totals.free": "Gratis",
  "layout.totals.total": "Razem",
  "layout.totals.atCheckout": "Przy zamówieniu",
  "layout.totals.largeItem": "Naliczono wysyłkę dużego produktu",
  "layout.totals.freeShippingNudge": "Darmowa wysyłka od {from}. Brakuje jeszcze {missing}",
  "layout.totals.loyaltyDiscount": "Rabat za punkty",
  "layout.totals.loyaltyDiscountPoints": "Rabat za punkty ({points} pkt)",
  "layout.order.color": "Kolor",
  "layout.order.variation": "Wariant",
  "layout.order.qty": "Ilość",
  "layout.order.each": "Cena za sztukę",
  "layout.order.trackParcel": "(śledź przesyłkę, otwiera się w nowej karcie)",
};

/** The domain's English texts shown around every page, in Polish (catalogue.server.ts, DOMAIN_TEXTS). */
export const domainPl: Readonly<Record<string, string>> = {};
