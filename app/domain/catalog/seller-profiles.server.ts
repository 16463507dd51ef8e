// A seller's public profile (/sellers/<id>, GET /api/sellers/:id): who they are, what buyers
// wrote of them, how many sales they completed, how fast they answer messages and what they sell
// now. Read in one D1 batch (ADR 0064). A seller's storefront, so the catalog's: it reads the
// tables of ratings, deals and messages for its figures, and writes none.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { LIST_PAGE_SIZE, type Page, pageOffset, toPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { bookings, deals, messages, products, ratings, users } from "#db/schema";
import { cardFields, isListed, type ListingCard } from "./catalog.server";

/** Deals whose money reached the seller: released to them, or settled before the ledger. */
export const COMPLETED_DEAL_STATES = ["released", "settled_outside"] as const;
/** The typical response time is the lower median over this many latest conversations… */
export const RESPONSE_CONVERSATIONS = 20;
/** …and is not given for fewer than this many. */
export const RESPONSE_MIN_CONVERSATIONS = 3;
export const NOT_ENOUGH_MESSAGES = "Not enough messages yet";
/** How a review's author is named once their account is gone. */
export const FORMER_MEMBER = "Former member";

const authors = alias(users, "review_author");

/** The pages of the profile's two lists, from the URL (`?reviews=2&listings=3`). */
export interface ProfilePages {
  reviews: number;
  listings: number;
}

/** The queries of one profile, started together by `loadSellerProfile`. */
function sellerProfileQueries(db: Database, sellerId: string, pages: ProfilePages) {
  const ofSeller = eq(ratings.sellerId, sellerId);
  const written = and(ofSeller, ne(ratings.comment, ""));
  const liveListings = and(eq(products.sellerId, sellerId), isListed(["available"]));
  return [
    db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        createdAt: users.createdAt,
        verifiedAt: users.verifiedAt,
        emailVerifiedAt: users.emailVerifiedAt,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, sellerId))
      .limit(1),
    db
      .select({ average: sql<number | null>`round(avg(${ratings.stars}), 1)`, count: sql<number>`count(*)` })
      .from(ratings)
      .where(ofSeller),
    db
      .select({
        id: ratings.id,
        stars: ratings.stars,
        comment: ratings.comment,
        answer: ratings.answer,
        answeredAt: ratings.answeredAt,
        createdAt: ratings.createdAt,
        authorId: ratings.buyerId,
        // Aliased: D1 returns rows keyed by column name.
        authorName: sql`${authors.name}`.mapWith(authors.name).as("author_name"),
        authorDeletedAt: sql`${authors.deletedAt}`.mapWith(authors.deletedAt).as("author_deleted_at"),
      })
      .from(ratings)
      .innerJoin(authors, eq(authors.id, ratings.buyerId))
      .where(written)
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(pages.reviews)),
    db.select({ total: sql<number>`count(*)` }).from(ratings).where(written),
    db
      .select({ total: sql<number>`count(*)` })
      .from(deals)
      .where(and(eq(deals.sellerId, sellerId), inArray(deals.state, [...COMPLETED_DEAL_STATES]))),
    // For each of the seller's conversations, from the buyer's first message to the seller's
    // first reply after it; the latest conversations (by that first message) first.
    db
      .select({ wait: sql<number>`wait`.mapWith(Number).as("wait") })
      .from(
        sql`(select c.first_at as first_at,
          (select min(r.created_at) from ${messages} r where r.booking_id = c.booking_id
            and r.sender_id = ${sellerId} and r.created_at > c.first_at) - c.first_at as wait
        from (select m.booking_id as booking_id, min(m.created_at) as first_at
          from ${messages} m join ${bookings} b on b.id = m.booking_id join ${products} p on p.id = b.product_id
          where p.seller_id = ${sellerId} and m.sender_id = b.buyer_id group by m.booking_id) c) as waits`,
      )
      .where(sql`wait is not null`)
      .orderBy(sql`first_at desc`)
      .limit(RESPONSE_CONVERSATIONS),
    db
      .select(cardFields)
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(liveListings)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(pages.listings)),
    db
      .select({ total: sql<number>`count(*)` })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(liveListings),
  ] as const;
}

/** The lower median of the waits (ms); null below RESPONSE_MIN_CONVERSATIONS. */
export function typicalResponseMs(waits: readonly number[]): number | null {
  if (waits.length < RESPONSE_MIN_CONVERSATIONS) return null;
  const sorted = [...waits].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Usually answers within 10 minutes", "… within 3 hours", "… within 2 days"; or not enough messages. */
export function responseTimeText(ms: number | null): string {
  if (ms === null) return NOT_ENOUGH_MESSAGES;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms < HOUR) return `Usually answers within ${plural(Math.max(1, Math.ceil(ms / MINUTE)), "minute")}`;
  if (ms < 2 * DAY) return `Usually answers within ${plural(Math.ceil(ms / HOUR), "hour")}`;
  return `Usually answers within ${plural(Math.ceil(ms / DAY), "day")}`;
}

/** A review's author as the public page names them: the first name and the initial of the last. */
export function reviewerName(name: string, deleted: boolean): string {
  if (deleted) return FORMER_MEMBER;
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return FORMER_MEMBER;
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${Array.from(words[words.length - 1]!)[0]!.toUpperCase()}.`;
}

export interface Review {
  id: string;
  stars: number;
  text: string;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
  authorName: string;
  /** The author's account id: for deciding who may report (never sent to the page). */
  authorId: string;
}

export interface SellerProfile {
  id: string;
  name: string;
  memberSince: Date;
  verified: boolean;
  rating: { average: number | null; count: number };
  reviews: Page<Review>;
  completedSales: number;
  responseMs: number | null;
  responseText: string;
  listings: Page<ListingCard>;
}

export type ProfileResult =
  | { kind: "found"; profile: SellerProfile }
  | { kind: "missing" } // never a seller with a public page: 404
  | { kind: "gone" }; // a seller who left Pay&Buy: 410

type Reads = ReturnType<typeof sellerProfileQueries>;
type Rows<Q> = Q extends PromiseLike<infer R> ? R : never;
type Results = [
  Rows<Reads[0]>,
  Rows<Reads[1]>,
  Rows<Reads[2]>,
  Rows<Reads[3]>,
  Rows<Reads[4]>,
  Rows<Reads[5]>,
  Rows<Reads[6]>,
  Rows<Reads[7]>,
];

/** The profile from the results of `sellerProfileQueries`. */
function toSellerProfile(results: Results, pages: ProfilePages): ProfileResult {
  const [[seller], [summary], reviewRows, reviewCount, [sales], waits, listingRows, listingCount] = results;
  // A buyer or an admin has no profile; nor a seller whose address is unconfirmed (their listings
  // are not public either).
  if (seller?.role !== "seller") return { kind: "missing" };
  if (seller.deletedAt) return { kind: "gone" };
  if (!seller.emailVerifiedAt) return { kind: "missing" };
  const responseMs = typicalResponseMs(waits.map((row) => Number(row.wait)));
  return {
    kind: "found",
    profile: {
      id: seller.id,
      name: seller.name,
      memberSince: seller.createdAt,
      verified: seller.verifiedAt !== null,
      rating: {
        average: summary?.average == null ? null : Number(summary.average),
        count: Number(summary?.count ?? 0),
      },
      reviews: toPage(
        reviewRows.map((row) => ({
          id: row.id,
          stars: row.stars,
          text: row.comment,
          answer: row.answer,
          answeredAt: row.answeredAt,
          createdAt: row.createdAt,
          authorName: reviewerName(row.authorName, row.authorDeletedAt !== null),
          authorId: row.authorId,
        })),
        Number(reviewCount[0]?.total ?? 0),
        pages.reviews,
      ),
      completedSales: Number(sales?.total ?? 0),
      responseMs,
      responseText: responseTimeText(responseMs),
      listings: toPage(listingRows as ListingCard[], Number(listingCount[0]?.total ?? 0), pages.listings),
    },
  };
}

/**
 * A seller's profile, in one D1 round trip: its queries start together and the request's read
 * batcher sends them as one batch (ADR 0069).
 */
export async function loadSellerProfile(db: Database, sellerId: string, pages: ProfilePages): Promise<ProfileResult> {
  return toSellerProfile(await Promise.all(sellerProfileQueries(db, sellerId, pages)), pages);
}
