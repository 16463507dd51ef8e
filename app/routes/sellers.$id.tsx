import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useRouteError } from "react-router";
import { ErrorPage } from "#app/components/error-page";
import { TextareaField } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { Pager } from "#app/components/list-controls";
import { ListingCard, SellerRating, VerifiedBadge } from "#app/components/listing-card";
import { cardGrid } from "#app/components/listing-card.css";
import { toCardView } from "#app/domain/catalog/catalog.server";
import { loadSellerProfile, type ProfilePages } from "#app/domain/catalog/seller-profiles.server";
import { REVIEW_ANSWER_MAX } from "#app/domain/deals/ratings/rating-schema";
import { answerReview, REVIEW_MESSAGES, reviewAnswerSchema } from "#app/domain/deals/ratings/reviews.server";
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS } from "#app/domain/moderation/report-reasons";
import { reviewReportSchema } from "#app/domain/moderation/report-schema";
import { REVIEW_REPORT_MESSAGES, reportReview } from "#app/domain/moderation/review-reports.server";
import { formatDay } from "#app/domain/shared/dates";
import { readPage } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { gone, notFound, requireFormData } from "#app/server/http.server";
import { button, container, eyebrow, grid, section } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { getOptionalUser, requireUser } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";
import { REPORT_REASONS } from "#db/closed-lists";
import * as styles from "./sellers.css";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(`Pay&Buy Seller ${data.profile.name}`, `${data.profile.name} sells camera gear on Pay&Buy.`)
    : [
        ...pageMeta("Pay&Buy Seller Not Found", "This seller is not on Pay&Buy."),
        { name: "robots", content: "noindex" },
      ];

/** The profile's URL with its lists' pages (and a review's report form). */
function profileHref(id: string, pages: ProfilePages, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (pages.reviews > 1) params.set("reviews", String(pages.reviews));
  if (pages.listings > 1) params.set("listings", String(pages.listings));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return `/sellers/${encodeURIComponent(id)}${search ? `?${search}` : ""}`;
}

function readPages(url: URL): ProfilePages {
  return { reviews: readPage(url.searchParams.get("reviews")), listings: readPage(url.searchParams.get("listings")) };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const pages = readPages(url);
  // Signed out, the session costs nothing: the profile is one D1 round trip.
  const [found, viewer] = await Promise.all([
    loadSellerProfile(database(context.env.DB), id.data, pages),
    getOptionalUser(request, context),
  ]);
  if (found.kind === "missing") throw notFound();
  if (found.kind === "gone") throw gone("This seller has left Pay&Buy");
  const { profile } = found;
  const isSeller = viewer?.id === profile.id;
  const reportId = url.searchParams.get("report");
  return {
    profile: {
      ...profile,
      // The authors' ids stay on the server: the page says only what this viewer may do.
      reviews: {
        ...profile.reviews,
        rows: profile.reviews.rows.map(({ authorId, ...review }) => ({
          ...review,
          canAnswer: isSeller && review.answer === null,
          canReport: viewer !== null && viewer.id !== authorId,
        })),
      },
      listings: { ...profile.listings, rows: profile.listings.rows.map((card) => toCardView(card, { viewer })) },
    },
    pages,
    reporting: viewer && reportId ? reportId : null,
    currentYear: new Date().getUTCFullYear(),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const sellerId = idSchema.safeParse(params.id);
  if (!sellerId.success) throw notFound();
  const back = profileHref(sellerId.data, readPages(url));
  const form = await requireFormData(request);
  const intent = form.get("intent");
  const ratingId = idSchema.safeParse(form.get("ratingId"));
  if (intent !== "answer" && intent !== "report-review") {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  if (!ratingId.success) return redirectWithError(context, back, REVIEW_MESSAGES.notFound);
  const db = database(context.env.DB);
  if (intent === "answer") {
    const parsed = reviewAnswerSchema.safeParse({ answer: form.get("answer") ?? undefined });
    if (!parsed.success) return redirectWithError(context, back, parsed.error.issues[0]!.message);
    const result = await answerReview(db, user, ratingId.data, parsed.data);
    return redirectWithResult(context, back, result, REVIEW_MESSAGES.answered);
  }
  const parsed = reviewReportSchema.safeParse({
    reason: form.get("reason") ?? undefined,
    details: form.get("details") ?? undefined,
  });
  if (!parsed.success) {
    const again = profileHref(sellerId.data, readPages(url), { report: ratingId.data });
    return redirectWithError(context, again, parsed.error.issues[0]!.message);
  }
  const result = await reportReview(db, user, ratingId.data, parsed.data);
  return redirectWithResult(context, back, result, REVIEW_REPORT_MESSAGES.reported);
}

type Profile = ReturnType<typeof useLoaderData<typeof loader>>["profile"];
type ReviewView = Profile["reviews"]["rows"][number];

function AnswerForm({ review, action }: { review: ReviewView; action: string }) {
  const pending = useIsPending({ intent: "answer" });
  const fieldId = `answer-${review.id}`;
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="ratingId" value={review.id} />
      <TextareaField
        label="Your answer (once, shown to everyone)"
        textareaProps={{ id: fieldId, name: "answer", required: true, maxLength: REVIEW_ANSWER_MAX, rows: 3 }}
      />
      <div>
        <button type="submit" className={button.secondary} disabled={pending}>
          Publish answer
        </button>
      </div>
    </Form>
  );
}

function ReportForm({ review, action, closeHref }: { review: ReviewView; action: string; closeHref: string }) {
  const pending = useIsPending({ intent: "report-review" });
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value="report-review" />
      <input type="hidden" name="ratingId" value={review.id} />
      <label className={formStyles.field} htmlFor={`reason-${review.id}`}>
        <span className={formStyles.label}>Why are you reporting this review?*</span>
        <select id={`reason-${review.id}`} name="reason" required defaultValue="" className={formStyles.input}>
          <option value="" disabled>
            Choose a reason
          </option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </label>
      <TextareaField
        label="Details (needed for Other)"
        textareaProps={{ id: `details-${review.id}`, name: "details", maxLength: REPORT_DETAILS_MAX, rows: 2 }}
      />
      <div>
        <button type="submit" className={button.danger} disabled={pending}>
          Report review
        </button>{" "}
        <Link to={closeHref} className={button.ghost} preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function Reviews({ profile, pages, reporting }: { profile: Profile; pages: ProfilePages; reporting: string | null }) {
  const zone = useZone();
  const here = profileHref(profile.id, pages);
  const { reviews } = profile;
  return (
    <section className={section} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{`Reviews (${reviews.total})`}</h2>
      {reviews.rows.length === 0 ? (
        <p>No written reviews yet.</p>
      ) : (
        <ol className={styles.reviews}>
          {reviews.rows.map((review) => (
            <li key={review.id} className={styles.review} id={`review-${review.id}`}>
              <p className={styles.reviewHead}>
                <span
                  className={styles.stars}
                  role="img"
                  aria-label={`${review.stars} out of 5 stars`}
                >{`${"★".repeat(review.stars)}${"☆".repeat(5 - review.stars)}`}</span>
                <span>{`${review.authorName}, ${formatDay(review.createdAt, zone)}`}</span>
              </p>
              {/* React escapes the text: a review is shown as written, never as markup. */}
              <p className={styles.text}>{review.text}</p>
              {review.answer ? (
                <blockquote className={styles.answer}>
                  <strong>{`Answer from ${profile.name}: `}</strong>
                  {review.answer}
                </blockquote>
              ) : null}
              {review.canAnswer ? <AnswerForm review={review} action={here} /> : null}
              {review.canReport ? (
                reporting === review.id ? (
                  <ReportForm review={review} action={here} closeHref={here} />
                ) : (
                  <p className={styles.small}>
                    <Link
                      to={profileHref(profile.id, pages, { report: review.id })}
                      preventScrollReset
                      aria-label={`Report the review by ${review.authorName}`}
                    >
                      Report this review
                    </Link>
                  </p>
                )
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pager
        pathname={here}
        page={reviews.page}
        pageCount={reviews.pageCount}
        hrefFor={(page) => `${profileHref(profile.id, { ...pages, reviews: page })}#reviews-heading`}
      />
    </section>
  );
}

export default function SellerProfilePage() {
  const zone = useZone();
  const { profile, pages, reporting, currentYear } = useLoaderData<typeof loader>();
  return (
    <article className={`${container} ${section}`} aria-labelledby="seller-name">
      <span className={eyebrow}>Seller</span>
      <h1 id="seller-name">
        {profile.name} {profile.verified ? <VerifiedBadge /> : null}
      </h1>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Member since</dt>
          <dd className={styles.factValue}>{formatDay(profile.memberSince, zone)}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Rating</dt>
          <dd className={styles.factValue}>
            {profile.rating.count > 0 ? (
              <SellerRating average={profile.rating.average} count={profile.rating.count} />
            ) : (
              "No ratings yet"
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Completed sales</dt>
          <dd className={styles.factValue}>{profile.completedSales}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Response time in messages</dt>
          <dd className={styles.factValue}>{profile.responseText}</dd>
        </div>
      </dl>

      <Reviews profile={profile} pages={pages} reporting={reporting} />

      <section aria-labelledby="listings-heading">
        <h2 id="listings-heading">{`Listings (${profile.listings.total})`}</h2>
        {profile.listings.rows.length === 0 ? (
          <p>No listings on sale right now.</p>
        ) : (
          <div className={`${grid} ${cardGrid}`}>
            {profile.listings.rows.map((product) => (
              <ListingCard key={product.id} product={product} currentYear={currentYear} />
            ))}
          </div>
        )}
        <Pager
          pathname={profileHref(profile.id, pages)}
          page={profile.listings.page}
          pageCount={profile.listings.pageCount}
          hrefFor={(page) => `${profileHref(profile.id, { ...pages, listings: page })}#listings-heading`}
        />
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
