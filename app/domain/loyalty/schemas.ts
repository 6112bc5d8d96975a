import { z } from "zod";
import { AWARD_TEXT, MAX_AWARD_POINTS } from "~/domain/loyalty/award-texts";

/** Award loyalty points by e-mail: the Loyalty tab's form and POST /api/loyalty/admin/award. */
export const AwardPointsSchema = z.object({
  email: z
    .string({ required_error: AWARD_TEXT.awardMissing, invalid_type_error: AWARD_TEXT.awardMissing })
    .trim()
    .min(1, AWARD_TEXT.awardMissing)
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
  points: z
    .number({ required_error: AWARD_TEXT.awardMissing, invalid_type_error: AWARD_TEXT.awardPositive })
    .int(AWARD_TEXT.awardPositive)
    // min(1) rather than positive(): the same rule for a whole number, and the browser's min reads it.
    .min(1, AWARD_TEXT.awardPositive)
    .max(MAX_AWARD_POINTS, AWARD_TEXT.awardTooMany),
});
export type AwardPointsInput = z.infer<typeof AwardPointsSchema>;
