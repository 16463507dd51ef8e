import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Link, useLoaderData } from "react-router";
import { CameraPicker } from "#app/components/camera-picker";
import { formValues, SearchFiltersForm } from "#app/components/search-filters";
import { SearchResults } from "#app/components/search-results";
import { StorefrontDialogs } from "#app/components/storefront-dialogs";
import { toCardView } from "#app/domain/catalog/catalog.server";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import {
  bestMatchNote,
  effectiveSort,
  needsAccountCamera,
  readSearchParams,
  type SearchErrors,
  SORT_LABELS,
  sortsFor,
  withFits,
} from "#app/domain/catalog/search-params";
import { readCamera } from "#app/domain/gear/camera";
import { gearFiltersFor } from "#app/domain/gear/categories";
import { countLabel } from "#app/domain/shared/list-query";
import { container, eyebrow, section } from "#app/styles/utilities.css";
import { filterRemovals } from "#app/utils/search-urls";
import { pageMeta } from "#app/utils/seo";
import { requireUser, requireUserWith } from "#app/utils/session.server";
import { handleStorefrontAction, loadStorefrontShell, storefrontCamera } from "#app/utils/storefront.server";
import { useCurrency } from "#app/utils/use-currency";
import { database } from "#db/client";
import * as styles from "./products.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(
    `Pay&Buy ${data?.category?.title ?? "Category Not Found"}`,
    data?.category
      ? `Second-hand ${data.category.title.toLowerCase()} listings on Pay&Buy, newest first.`
      : "This category does not exist on Pay&Buy.",
  ),
  { name: "robots", content: "noindex" },
];

// A category page is a search with the category fixed by the URL: the same filters, order and
// pager as /search, and the same refusal of a bad parameter next to its field.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const searchParams = new URLSearchParams(url.searchParams);
  searchParams.delete("category");
  searchParams.set("category", params.name ?? "");
  const db = database(context.env.DB);
  const parsed = readSearchParams(searchParams, context.env.currency);
  // "Only gear that fits" without a camera in the URL needs the account's camera before the
  // search is built: a second round trip, for that search only.
  const early = needsAccountCamera(parsed) ? await storefrontCamera(request, context) : null;
  const read = withFits(parsed, early?.camera ?? (parsed.ok ? readCamera(parsed.query.camera) : null));
  // With a bad parameter, the category alone is looked up, for its title (or its 404).
  const categoryOnly = readSearchParams(new URLSearchParams({ category: params.name ?? "" }), context.env.currency);
  const asked = read.ok ? read.query : categoryOnly.ok ? categoryOnly.query : null;
  // A name of white space alone names no category: never a search of every category's listings.
  const search = asked?.category ? asked : null;
  // The search is read with the session's read: one D1 round trip (ADR 0040, 0069).
  const [{ data: found }, { fitCamera, ...shell }] = await Promise.all([
    requireUserWith(request, context, async () => (search ? searchListings(db, search) : null)),
    loadStorefrontShell(request, context, early),
  ]);
  const notFound = !found?.ok;
  const results = found?.ok ? found : null;
  const query = read.ok ? read.query : null;
  const errors: SearchErrors = read.ok ? {} : read.errors;
  return data(
    {
      path: url.pathname,
      values: formValues(url.searchParams),
      errors,
      query,
      category: results?.category ?? null,
      sort: results?.sort ?? effectiveSort({ q: query?.q, sort: query?.sort }),
      listings:
        read.ok && results
          ? {
              ...results.listings,
              rows: results.listings.rows.map((card) => toCardView(card, { camera: fitCamera, viewer: shell.viewer })),
            }
          : null,
      params: [...url.searchParams.entries()],
      notFound,
      ...shell,
      currentYear: new Date().getUTCFullYear(),
    },
    { status: notFound ? 404 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  return handleStorefrontAction(request, context);
}

export default function CategoryProducts() {
  const currency = useCurrency();
  const {
    path,
    values,
    errors,
    query,
    category,
    sort,
    listings,
    notFound,
    viewer,
    dialogs,
    currentYear,
    camera,
    params,
  } = useLoaderData<typeof loader>();
  const bestMatch = listings ? bestMatchNote(sort, listings.capped) : null;
  // The category is the page itself: never offered as a filter to remove, never in the links.
  const filters = query ? { ...query, category: undefined } : null;
  const removals = filters ? filterRemovals(path, filters, currency) : [];
  const filtered = removals.length > 0 || Boolean(filters?.q);
  return (
    <section className={`${container} ${section}`} aria-labelledby="category-title">
      <span className={eyebrow}>Shop By Category</span>
      <h1 id="category-title">{category?.title ?? "Category Not Found"}</h1>
      {notFound ? (
        <p>
          <Link to="/">Browse the categories on the home page</Link>
        </p>
      ) : (
        <>
          <SearchFiltersForm
            action={path}
            values={values}
            errors={errors}
            categories={null}
            sorts={sortsFor({ q: query?.q ?? (values.q || undefined) })}
            sort={sort}
            camera={camera}
            gearCategory={category?.slug ?? null}
            activeCount={removals.length}
          />
          {/* "Fits my camera" speaks of lenses: not on a category of other gear. */}
          {gearFiltersFor(category?.slug).has("fits") ? (
            <CameraPicker camera={camera} signedIn pathname={path} params={params} />
          ) : null}
          {!listings || !filters ? (
            <p role="alert">Correct the search above to see listings.</p>
          ) : listings.total === 0 && !filtered ? (
            <p>There is no product in this category</p>
          ) : (
            <>
              <p className={styles.count}>
                {`${countLabel(listings, "listing", "listings")}${filters.q ? ` for “${filters.q}”` : ""}, ${SORT_LABELS[sort].toLowerCase()}`}
              </p>
              {bestMatch ? <p className={styles.count}>{bestMatch}</p> : null}
              <SearchResults
                listings={listings}
                filters={filters}
                removals={removals}
                pathname={path}
                viewer={viewer}
                currentYear={currentYear}
                camera={camera}
              />
            </>
          )}
        </>
      )}
      <StorefrontDialogs dialogs={dialogs} />
    </section>
  );
}
