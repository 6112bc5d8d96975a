import { dictionary } from "@zxcvbn-ts/language-common";
import { DomainError } from "~/domain/common/errors";

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose another.";

let common: Set<string> | undefined;

/** zxcvbn-ts's list of common passwords (about 49 000, from leaked-password frequency lists), lower-cased. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The rule every door that sets a password goes through (registration, checkout account,
 * password change, reset, the seeded admin): the schemas check the length, this refuses the
 * common ones. Throws DomainError 400 on the `password` field.
 */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) throw new DomainError(COMMON_PASSWORD_MESSAGE, 400, "password");
}
