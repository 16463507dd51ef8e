// The rating form's rules, shared by the page (browser and server) and POST /api/ratings.
import * as z from "zod";
import { idSchema, multiLine } from "#app/domain/shared/schemas";

/** A rating's whole stars, fewest to most: the form's choices, the schema's bounds and the table's CHECK. */
export const RATING_STARS = { min: 1, max: 5 } as const;
/** Every number of stars a buyer may give, fewest first. */
export const STAR_CHOICES: readonly number[] = Array.from(
  { length: RATING_STARS.max - RATING_STARS.min + 1 },
  (_, index) => RATING_STARS.min + index,
);
export const RATING_COMMENT_MAX = 500;
export const REVIEW_ANSWER_MAX = 500;

/**
 * A review's or an answer's text (shown on the seller's public profile, always escaped): plain
 * text with line breaks, trimmed, at most `max` characters; no other control character.
 */
export function reviewText(label: string, max: number) {
  return multiLine(
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .refine((text) => Array.from(text).length <= max, `${label} should be at most ${max} characters.`),
    label,
  );
}

const STARS_ERROR = `Choose from ${RATING_STARS.min} to ${RATING_STARS.max} stars.`;

/** The rating form and POST /api/ratings: whole stars (RATING_STARS), a comment of at most RATING_COMMENT_MAX characters. */
export const ratingSchema = z.object({
  bookingId: idSchema,
  stars: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: STARS_ERROR })
      .int(STARS_ERROR)
      .min(RATING_STARS.min, STARS_ERROR)
      .max(RATING_STARS.max, STARS_ERROR),
  ),
  comment: reviewText("The comment", RATING_COMMENT_MAX).optional().default(""),
});

export type RatingInput = z.output<typeof ratingSchema>;

/** The seller's answer to a review (the profile's form and PUT /api/reviews/:id/answer). */
export const reviewAnswerSchema = z.object({
  // A form posts an empty field as missing: missing is empty.
  answer: z.preprocess(
    (value) => value ?? "",
    reviewText("The answer", REVIEW_ANSWER_MAX).refine((text) => text.length > 0, "Write an answer."),
  ),
});

export type ReviewAnswerInput = z.output<typeof reviewAnswerSchema>;
