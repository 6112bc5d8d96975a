/** Kinds of activity-log rows (browser-safe: the Activity tab's filter lists them). */
export const ACTIVITY_KINDS = {
  "product.create": "Product added",
  "product.update": "Product edited",
  "product.delete": "Product deleted",
  "product.latest": "Latest Collection",
  "product.release-holds": "Made-to-order places released",
  "category.create": "Category added",
  "category.update": "Category edited",
  "category.delete": "Category deleted",
  "order.cancel": "Order cancelled",
  "order.ship": "Order shipped",
  "order.return": "Order returned",
  "order.refund": "Order refunded",
  "order.decline": "Order declined",
  "order.packing": "Order packing",
  "order.deliver": "Order delivered",
  "order.resolve": "Payment issue resolved",
  "points.award": "Points awarded",
  "settings.store": "Store settings",
  "settings.shipping": "Shipping zones",
  "settings.loyalty": "Loyalty rules",
  "settings.legal": "Seller details",
  "settings.customs": "Customs defaults",
  "settings.home": "Home page texts",
  "settings.reviews": "Review e-mail settings",
  "settings.dispatch": "Dispatch time",
  "settings.tax": "Tax settings",
  "settings.vat-rate": "VAT rate added",
  "discount.create": "Discount code added",
  "discount.update": "Discount code edited",
  "invoice.issue": "Invoice issued",
  "review.approve": "Review approved",
  "review.hide": "Review hidden",
  "review.pending": "Review back to pending",
  "review.reply": "Review reply",
  "page.save": "Page saved",
  "page.restore": "Page version restored",
  "order.withdrawal": "Withdrawal handled",
  "invoice.credit": "Credit note issued",
  "user.export": "Customer data exported",
  "user.delete": "Customer account deleted",
  "maintenance.recalculate": "Category counts recalculated",
  "maintenance.clean": "Orphaned links cleaned",
  "backup.run": "Backup",
  "mail.resend": "E-mail sent again",
  "admin.signin": "Admin sign-in",
  "admin.signin-refused": "Admin sign-in refused",
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export function isActivityKind(value: string): value is ActivityKind {
  return Object.prototype.hasOwnProperty.call(ACTIVITY_KINDS, value);
}

export const ACTIVITY_PAGE_SIZE = 50;
