import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { CameraPicker } from "#app/components/camera-picker";
import { SaveSearchForm } from "#app/components/save-search-form";
import { formValues, SearchFiltersForm } from "#app/components/search-filters";
import { SearchResults } from "#app/components/search-results";
import { StorefrontDialogs } from "#app/components/storefront-dialogs";
import { defaultSearchName } from "#app/domain/alerts/saved-searches.server";
import { listCategories, toCardView } from "#app/domain/catalog/catalog.server";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import {
  bestMatchNote,
  effectiveSort,
  needsAccountCamera,
  readSearchParams,
  type SearchErrors,
  searchQueryParams,
  sortsFor,
  withFits,
} from "#app/domain/catalog/search-params";
import { readCamera } from "#app/domain/gear/camera";
import { gearFiltersFor } from "#app/domain/gear/categories";
import { countLabel } from "#app/domain/shared/list-query";
import { container, eyebrow, section } from "#app/styles/utilities.css";
import { filterRemovals, hasFilters, searchHref } from "#app/utils/search-urls";
import { originFrom, pageMeta } from "#app/utils/seo";
import { handleStorefrontAction, loadStorefrontShell, storefrontCamera } from "#app/utils/storefront.server";
import { useCurrency } from "#app/utils/use-currency";
import { database } from "#db/client";
import * as styles from "./search.css";

const PATH = "/search";

// A plain search (words only, first page) has one canonical URL; a filtered, sorted, paged or
// refused search is a variant of it and is kept out of the index.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const described = pageMeta(
    "Pay&Buy Search",
    "Search second-hand cameras, lenses, tripods and bags on Pay&Buy by words, category, condition, price, brand, mount, sensor, shutter count, focal length and what fits your camera.",
  );
  if (!data?.canonical) return [...described, { name: "robots", content: "noindex" }];
  return [...described, { tagName: "link", rel: "canonical", href: `${originFrom(matches)}${data.canonical}` }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const db = database(context.env.DB);
  const parsed = readSearchParams(params, context.env.currency);
  // "Only gear that fits" without a camera in the URL speaks for the account's camera: read first.
  const early = needsAccountCamera(parsed) ? await storefrontCamera(request, context) : null;
  const read = withFits(parsed, early?.camera ?? (parsed.ok ? readCamera(parsed.query.camera) : null));
  const [categories, found, { fitCamera, ...shell }] = await Promise.all([
    listCategories(db),
    read.ok ? searchListings(db, read.query) : null,
    loadStorefrontShell(request, context, early),
  ]);
  let errors: SearchErrors = read.ok ? {} : read.errors;
  if (found && !found.ok) errors = { category: ["There is no such category. Choose one from the list."] };
  const results = found?.ok ? found : null;
  const query = read.ok ? read.query : null;
  return {
    values: formValues(params),
    errors,
    categories: categories.map(({ slug, title }) => ({ slug, title })),
    query,
    category: results?.category ?? null,
    sort: results?.sort ?? effectiveSort({ q: query?.q, sort: query?.sort }),
    listings: results
      ? {
          ...results.listings,
          rows: results.listings.rows.map((card) => toCardView(card, { camera: fitCamera, viewer: shell.viewer })),
        }
      : null,
    canonical:
      results && query && !hasFilters(query) && !query.sort && query.page === 1
        ? searchHref(PATH, { ...query, condition: [], verified: false }, context.env.currency)
        : null,
    params: [...params.entries()],
    // "Email me new matches": the search as read (no page), and a name to start from.
    saving: query
      ? {
          search: searchQueryParams({ ...query, sort: undefined }, context.env.currency).toString(),
          name: defaultSearchName(query),
        }
      : null,
    ...shell,
    currentYear: new Date().getUTCFullYear(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleStorefrontAction(request, context);
}

export default function Search() {
  const currency = useCurrency();
  const {
    values,
    errors,
    categories,
    query,
    category,
    sort,
    listings,
    viewer,
    dialogs,
    currentYear,
    camera,
    params,
    saving,
  } = useLoaderData<typeof loader>();
  const bestMatch = listings ? bestMatchNote(sort, listings.capped) : null;
  const removals = query ? filterRemovals(PATH, query, currency, category?.title) : [];
  return (
    <section className={`${container} ${section}`} aria-labelledby="search-title">
      <span className={eyebrow}>Find gear</span>
      <h1 id="search-title">Search</h1>
      <SearchFiltersForm
        action={PATH}
        values={values}
        errors={errors}
        categories={categories}
        sorts={sortsFor({ q: query?.q ?? (values.q || undefined) })}
        sort={sort}
        camera={camera}
        gearCategory={values.category || null}
        activeCount={removals.length}
      />
      {/* "Fits my camera" speaks of lenses: not on a search of a category of other gear. */}
      {gearFiltersFor(values.category || null).has("fits") ? (
        <CameraPicker camera={camera} signedIn={viewer !== null} pathname={PATH} params={params} />
      ) : null}
      {!listings || !query ? (
        <p role="alert" className={styles.refused}>
          Correct the search above to see results.
        </p>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {`${countLabel(listings, "result", "results")}${query.q ? ` for “${query.q}”` : ""}`}
          </p>
          {bestMatch ? <p className={styles.count}>{bestMatch}</p> : null}
          {saving ? (
            <SaveSearchForm
              signedIn={viewer !== null}
              back={`${PATH}${params.length > 0 ? `?${new URLSearchParams(params)}` : ""}`}
              search={saving.search}
              name={saving.name}
            />
          ) : null}
          <SearchResults
            listings={listings}
            filters={query}
            removals={removals}
            pathname={PATH}
            viewer={viewer}
            currentYear={currentYear}
            camera={camera}
          />
        </>
      )}
      <StorefrontDialogs dialogs={dialogs} />
    </section>
  );
}
