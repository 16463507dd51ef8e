// The letter of a user's saved searches' new matches (ADR 0062): the matches a letter took when
// the scheduled job planned it, those still on sale, grouped by saved search, with a one-click
// unsubscribe link (RFC 8058) when the site knows its https address.
import { and, asc, desc, eq } from "drizzle-orm";
import { isListed } from "#app/domain/catalog/catalog.server";
import type { NotificationEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import { toOneLine } from "#app/domain/shared/schemas";
import type { Database } from "#db/client";
import { products, savedSearches, savedSearchLetters, savedSearchMatches } from "#db/schema";
import { greeting, type LetterOptions, link, loadUser, type PlannedLetter } from "./letter-kit.server";
import { signUnsubscribe, unsubscribePath } from "./unsubscribe-links.server";

/** Listings named per saved search; the rest are counted and linked to the search. */
export const LISTINGS_PER_SEARCH = 10;
const MATCHES_READ = 200;

type Event = Extract<NotificationEvent, { kind: "saved_search_matches" }>;

export async function savedSearchMatchLetters(
  db: Database,
  event: Event,
  options: LetterOptions,
): Promise<PlannedLetter[]> {
  const [letterRow] = await db
    .select({ userId: savedSearchLetters.userId })
    .from(savedSearchLetters)
    .where(eq(savedSearchLetters.id, event.letterId))
    .limit(1);
  const recipient = letterRow ? await loadUser(db, letterRow.userId) : null;
  if (!letterRow || !recipient) return [];
  const rows = await db
    .select({
      searchId: savedSearches.id,
      searchName: savedSearches.name,
      query: savedSearches.query,
      productId: products.id,
      productName: products.name,
      priceCents: products.resalePriceCents,
    })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .innerJoin(products, eq(products.id, savedSearchMatches.productId))
    .where(
      and(
        eq(savedSearchMatches.letterId, event.letterId),
        eq(savedSearches.userId, letterRow.userId),
        eq(savedSearches.emails, true),
        isListed(["available"]),
      ),
    )
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id), desc(products.createdAt))
    .limit(MATCHES_READ);
  // Sold, removed or unsaved since: nothing left to tell.
  if (rows.length === 0) return [];

  const searches = new Map<string, { name: string; query: string; listings: typeof rows }>();
  for (const row of rows) {
    const search = searches.get(row.searchId) ?? { name: row.searchName, query: row.query, listings: [] };
    search.listings.push(row);
    searches.set(row.searchId, search);
  }
  const parts = [...searches.values()].map((search) => {
    const shown = search.listings.slice(0, LISTINGS_PER_SEARCH);
    const more = search.listings.length - shown.length;
    return [
      `“${toOneLine(search.name)}”:`,
      ...shown.map(
        (listing) =>
          `- ${toOneLine(listing.productName)}, ${formatMoney(listing.priceCents, options.currency)}. ` +
          link(options, `/listings/${listing.productId}`, "See it"),
      ),
      more > 0 ? `And ${more} more. ${link(options, `/search?${search.query}`, "See them all")}` : null,
    ]
      .filter((line) => line !== null)
      .join("\n");
  });

  const https = options.appUrl?.startsWith("https://") ? options.appUrl.replace(/\/$/, "") : null;
  const token = options.secrets?.length ? await signUnsubscribe(recipient.id, event.kind, options.secrets) : null;
  const unsubscribeUrl = token ? `${https ?? ""}${unsubscribePath(token)}` : null;
  const only = searches.size === 1 ? [...searches.values()][0] : null;
  const subject = only
    ? `New matches for your saved search “${only.name}”`
    : `New matches for ${searches.size} of your saved searches`;
  const text =
    `New listings match your saved searches since our last email:\n\n${parts.join("\n\n")}\n\n` +
    `${link(options, "/dashboard/settings", "Rename or delete your saved searches in Settings")}\n` +
    (unsubscribeUrl ? `Stop these emails: ${unsubscribeUrl}` : "");
  return [
    {
      recipient,
      kind: event.kind,
      subject: toOneLine(subject),
      text: greeting(recipient, text.trimEnd(), options),
      ...(token ? { secrets: [token] } : {}),
      // RFC 8058: a mail client may offer "Unsubscribe" and POST to the link itself; only with
      // an absolute https address.
      ...(https && unsubscribeUrl
        ? {
            headers: {
              "List-Unsubscribe": `<${unsubscribeUrl}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          }
        : {}),
    },
  ];
}
