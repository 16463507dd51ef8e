// The rating form's rules, shared by the page (browser and server) and POST /api/ratings.
import * as z from "zod";
import { idSchema } from "#app/domain/shared/schemas";

export const RATING_COMMENT_MAX = 500;

const STARS_ERROR = "Choose from 1 to 5 stars.";

/** The rating form and POST /api/ratings: whole stars from 1 to 5, a comment of at most 500 characters. */
export const ratingSchema = z.object({
  bookingId: idSchema,
  stars: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: STARS_ERROR }).int(STARS_ERROR).min(1, STARS_ERROR).max(5, STARS_ERROR),
  ),
  comment: z
    .string({ error: "The comment must be text." })
    .trim()
    .max(RATING_COMMENT_MAX, `The comment should be at most ${RATING_COMMENT_MAX} characters.`)
    .optional()
    .default(""),
});

export type RatingInput = z.output<typeof ratingSchema>;
