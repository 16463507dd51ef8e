// A seller's listing to edit: its photos, its details with the price guidance, and whether buyers
// may offer. Each form posts to its own child route, which does that one thing (ADR 0071); a child
// whose form can come back with errors renders that form itself, in its section, through the Outlet.
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, Outlet, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { AddPhotosForm, DetailsForm, OffersForm, PhotoList } from "#app/components/listing-edit-forms";
import * as styles from "#app/components/listing-form.css";
import { listCategories } from "#app/domain/catalog/catalog.server";
import { detailFormValues } from "#app/domain/catalog/listing-details.server";
import { findListingForEdit } from "#app/domain/catalog/listing-edits.server";
import type { ListingDetailsInput } from "#app/domain/catalog/listing-schema";
import { MAX_PHOTOS } from "#app/domain/catalog/photo-keys";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import { gearFormValues } from "#app/domain/gear/gear-schema";
import { modelByKey, modelFullName } from "#app/domain/gear/models";
import { notFound } from "#app/server/http.server";
import { useEditSection } from "#app/utils/listing-edit-urls";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith } from "#app/utils/session.server";
import { useCurrency } from "#app/utils/use-currency";
import { database } from "#db/client";
import { CONDITIONS, type Condition } from "#db/closed-lists";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Edit Product", "Change the photos and details of your listing.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = database(context.env.DB);
  const currency = context.env.settings.PAYMENT_CURRENCY;
  const productId = params.id ?? "";
  // `?model=&condition=`: the guidance of another model or grade, as the form changes them.
  const url = new URL(request.url);
  const asked = modelByKey(url.searchParams.get("model"));
  const askedGrade = url.searchParams.get("condition") ?? "Good";
  const subject =
    asked && (CONDITIONS as readonly string[]).includes(askedGrade)
      ? { model: asked.key, condition: askedGrade as Condition }
      : null;
  // The listing, the categories and the price guidance travel with the session's read: one D1
  // round trip (ADR 0040, 0069). Without a model asked for, the guidance is the listing's own.
  const {
    data: [found, categories, guidance],
  } = await requireRoleWith(request, context, ["seller"], (viewer) =>
    Promise.all([
      findListingForEdit(db, viewer.id, productId),
      listCategories(db),
      priceGuidance(db, subject ?? { productId }, currency),
    ]),
  );
  // Another seller's listing is not found, exactly like one that does not exist.
  if (!found) throw notFound();
  const { listing, photos, refusal } = found;
  return {
    listing: {
      id: listing.id,
      name: listing.name,
      offersAccepted: listing.offersAccepted,
      details: {
        ...detailFormValues(listing, context.env.currency),
        category: listing.categorySlug,
        ...gearFormValues(listing),
      } satisfies ListingDetailsInput,
    },
    guidance,
    guidanceFor: (() => {
      const model = modelByKey(subject?.model ?? listing.model);
      return model
        ? { model: model.key, condition: subject?.condition ?? listing.condition, name: modelFullName(model) }
        : null;
    })(),
    photos: photos.map((photo) => ({ id: photo.id, key: photo.key })),
    refusal: refusal?.message ?? null,
    // A new one on every load: sending the same Add Photos form twice adds its photos once.
    uploadId: crypto.randomUUID(),
    categories: categories.map((category) => ({ value: category.slug, label: category.title })),
    currentYear: new Date().getUTCFullYear(),
  };
}

/** The page takes no form: each of its forms posts to its own action (ADR 0071). */
export function action(): never {
  throw new Response(null, { status: 405, statusText: "Method Not Allowed", headers: { Allow: "GET, HEAD" } });
}

export default function EditProduct() {
  const currency = useCurrency();
  const { listing, photos, refusal, uploadId, categories, currentYear, guidance, guidanceFor } =
    useLoaderData<typeof loader>();
  // The section whose form a child route renders, with what its action sent back.
  const child = useEditSection();
  const room = MAX_PHOTOS - photos.length;
  return (
    <DashboardPage title="Edit Product">
      <p className={styles.intro}>
        <Link to="/dashboard/my_product">Back to My Products</Link>
      </p>
      <h2>{listing.name}</h2>
      {refusal ? <p className={styles.notice}>{refusal}</p> : null}

      <section aria-labelledby="photos-heading" className={styles.editSection}>
        <h2 id="photos-heading">Photos</h2>
        <p className={styles.intro}>
          The first photo is the cover that cards and lists show. A listing has 1 to {MAX_PHOTOS} photos.
        </p>
        <PhotoList productId={listing.id} photos={photos} editable={!refusal} />
        {refusal ? null : room > 0 ? (
          child === "photos" ? (
            <Outlet />
          ) : (
            <AddPhotosForm productId={listing.id} uploadId={uploadId} room={room} />
          )
        ) : (
          <p>This listing has {MAX_PHOTOS} photos, the most it can have: remove one to add another.</p>
        )}
      </section>

      {refusal ? null : (
        <section aria-labelledby="details-heading" className={styles.editSection}>
          <h2 id="details-heading">Details</h2>
          <p className={styles.intro}>{`Every field is required. Prices are in ${currency.words}.`}</p>
          {child === "details" ? (
            <Outlet />
          ) : (
            <DetailsForm
              productId={listing.id}
              details={listing.details}
              categories={categories}
              currentYear={currentYear}
              guidance={{ guidance, guidanceFor }}
            />
          )}
        </section>
      )}

      <section aria-labelledby="offers-heading" className={styles.editSection}>
        <h2 id="offers-heading">Offers</h2>
        <OffersForm productId={listing.id} offersAccepted={listing.offersAccepted} />
      </section>
    </DashboardPage>
  );
}
