// A seller's public profile for programs: the same read as the page /sellers/<id>.
import { Hono } from "hono";
import { loadSellerProfile } from "#app/domain/catalog/seller-profiles.server";
import { readPage } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { bearerUser } from "#app/server/auth.server";
import { type ApiEnv, appEnv, db } from "../context";
import { apiError } from "../errors";
import { advertisedProduct } from "../shapes";

export const sellersApi = new Hono<ApiEnv>();

/**
 * Public: 404 for an id that is no seller with a public page (unknown, a buyer or an admin, an
 * unconfirmed address), 410 for a seller who left. `?reviews=` and `?listings=` page the lists.
 */
sellersApi.get("/sellers/:id", async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such seller.");
  const pages = { reviews: readPage(c.req.query("reviews")), listings: readPage(c.req.query("listings")) };
  const [found, user] = await Promise.all([
    loadSellerProfile(db(c), id.data, pages),
    bearerUser(c.req.header("Authorization"), appEnv(c)),
  ]);
  if (found.kind === "missing") return apiError(c, 404, "not_found", "There is no such seller.");
  if (found.kind === "gone") return apiError(c, 410, "gone", "This seller has left Pay&Buy.");
  const { profile } = found;
  const page = <T>(list: { page: number; pageCount: number; total: number; rows: T[] }) => ({
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
  });
  return c.json({
    _id: profile.id,
    name: profile.name,
    memberSince: profile.memberSince.toISOString(),
    isSellerVerification: profile.verified,
    rating: profile.rating,
    completedSales: profile.completedSales,
    responseTime: {
      medianMinutes: profile.responseMs === null ? null : Math.round(profile.responseMs / 60_000),
      text: profile.responseText,
    },
    reviews: {
      ...page(profile.reviews),
      rows: profile.reviews.rows.map((review) => ({
        _id: review.id,
        stars: review.stars,
        text: review.text,
        author: review.authorName,
        date: review.createdAt.toISOString(),
        answer: review.answer,
        answeredAt: review.answeredAt?.toISOString() ?? null,
      })),
    },
    listings: {
      ...page(profile.listings),
      // No seller's address on a public profile.
      rows: profile.listings.rows.map((card) => {
        // Its contact number for a signed-in caller only (ADR 0099).
        const { email: _email, ...product } = advertisedProduct(card, {
          viewer: user ? { role: user.role } : null,
          currency: appEnv(c).currency,
        });
        return product;
      }),
    },
  });
});
