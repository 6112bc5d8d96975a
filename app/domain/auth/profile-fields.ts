/**
 * The profile fields in form order, with their labels (the form and the read-only view share
 * them). Kept apart from schemas.ts so pages can show them without bundling zod.
 */
export const PROFILE_FIELDS = [
  { name: "email", label: "Email" },
  { name: "firstName", label: "First Name" },
  { name: "lastName", label: "Last Name" },
  { name: "shippingFirstName", label: "Shipping First Name" },
  { name: "shippingLastName", label: "Shipping Last Name" },
  { name: "shippingAddressLine1", label: "Address Line 1" },
  { name: "shippingAddressLine2", label: "Address Line 2" },
  { name: "shippingCity", label: "City" },
  { name: "shippingState", label: "State / Province" },
  { name: "shippingPostalCode", label: "Postal Code" },
  { name: "shippingCountry", label: "Country" },
] as const;

export type ProfileFieldName = (typeof PROFILE_FIELDS)[number]["name"];
