/**
 * The intents of the back office's store forms (categories, loyalty, functions, settings), shared
 * by their web handler and their components, and the settings messages (browser-safe).
 */
export const STORE_INTENTS = {
  categoryCreate: "category-create",
  categoryUpdate: "category-update",
  categoryDelete: "category-delete",
  loyaltyAward: "loyalty-award",
  functionsRecalculate: "functions-recalculate",
  functionsClean: "functions-clean",
  settingsSave: "settings-save",
  zoneSave: "shipping-zone-save",
  zoneDelete: "shipping-zone-delete",
  loyaltySave: "loyalty-save",
  legalSave: "legal-save",
  dispatchSave: "dispatch-save",
  customsSave: "customs-save",
  taxSave: "tax-save",
  vatRateAdd: "vat-rate-add",
  backupNow: "backup-now",
} as const;

export type StoreIntent = (typeof STORE_INTENTS)[keyof typeof STORE_INTENTS];

export const SETTINGS_TEXT = {
  settingsSaved: "Settings saved",
  loyaltySaved: "Loyalty rules saved",
  legalSaved: "Seller details saved",
  backupDone: "Backup complete",
  backupFailed: "Backup failed",
  settingsFailed: "Failed to save settings.",
} as const;
