// The seller's answer to a review of them, once.
import { Hono } from "hono";
import { answerReview, reviewAnswerSchema } from "#app/domain/deals/ratings/reviews.server";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiEnv, db, readJson, requireApiRole, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

export const reviewsApi = new Hono<ApiEnv>();

reviewsApi.put("/reviews/:id/answer", requireBearer, requireApiRole("seller"), async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such review of yours.");
  const parsed = reviewAnswerSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await answerReview(db(c), c.get("user"), id.data, parsed.data);
  if (!result.ok) {
    const code = result.status === 409 ? "conflict" : result.status === 404 ? "not_found" : "forbidden";
    return apiError(c, result.status, code, result.message);
  }
  return c.json({ _id: id.data, answer: parsed.data.answer });
});
