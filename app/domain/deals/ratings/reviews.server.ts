// Reviews: a rating's text, shown on the seller's public profile. The seller answers each
// review once: the answer is written only while the review has none (compare-and-set), so a
// double submit or a second answer changes nothing.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import type { Database } from "#db/client";
import { ratings } from "#db/schema";
import type { ReviewAnswerInput } from "./rating-schema";

export { REVIEW_ANSWER_MAX, type ReviewAnswerInput, reviewAnswerSchema } from "./rating-schema";

export const REVIEW_MESSAGES = {
  answered: "Your answer has been published.",
  notFound: "There is no such review of yours.",
  twice: "You have already answered this review.",
  removed: "This review's text was removed: there is nothing to answer.",
  notSeller: "Only the seller of a review may answer it.",
} as const;

export type AnswerResult = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

/** The seller answers a written review of theirs, once. */
export async function answerReview(
  db: Database,
  seller: Pick<SessionUser, "id" | "role">,
  ratingId: string,
  input: ReviewAnswerInput,
): Promise<AnswerResult> {
  if (seller.role !== "seller") return { ok: false, status: 403, message: REVIEW_MESSAGES.notSeller };
  // A review is a rating with text; stars alone have nothing to answer.
  const mine = and(eq(ratings.id, ratingId), eq(ratings.sellerId, seller.id), ne(ratings.comment, ""));
  const written = await db
    .update(ratings)
    .set({ answer: input.answer, answeredAt: new Date() })
    .where(and(mine, isNull(ratings.answeredAt), isNull(ratings.textRemovedAt)))
    .returning({ id: ratings.id });
  if (written.length === 1) return { ok: true };
  // Why nothing was written: not this seller's review, answered already, or its text removed.
  const [review] = await db
    .select({ answeredAt: ratings.answeredAt, textRemovedAt: ratings.textRemovedAt })
    .from(ratings)
    .where(mine)
    .limit(1);
  if (!review) return { ok: false, status: 404, message: REVIEW_MESSAGES.notFound };
  if (review.textRemovedAt) return { ok: false, status: 409, message: REVIEW_MESSAGES.removed };
  return { ok: false, status: 409, message: REVIEW_MESSAGES.twice };
}
