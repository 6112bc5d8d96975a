/** Messages of awarding points by e-mail (browser-safe). */
export const AWARD_TEXT = {
  awardMissing: "Please enter both email and points amount",
  awardPositive: "Points must be a positive number",
  awardTooMany: "Points must be 100000 or less",
  awardUnknownEmail: "No customer with this email",
  awardFailed: "Failed to award points",
  awardSuccessTitle: "Points awarded",
} as const;

export const MAX_AWARD_POINTS = 100_000;

export function awardedDescription(points: number, email: string): string {
  return `${points} points added to ${email}`;
}
