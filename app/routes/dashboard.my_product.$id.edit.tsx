import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList } from "#app/components/forms";
import { PhotoInput, photoErrors } from "#app/components/photo-input";
import { ProductDetailsFields } from "#app/components/product-fields";
import * as styles from "#app/components/product-form.css";
import { SellerPriceGuidance } from "#app/components/seller-price-guidance";
import * as table from "#app/components/table.css";
import { categoriesRead } from "#app/domain/catalog/catalog.server";
import {
  LISTING_EDIT_MESSAGES,
  listingForEditReads,
  setOffersAccepted,
  toListingForEdit,
  updateListingDetails,
} from "#app/domain/catalog/listing-edits.server";
import { MAX_PHOTOS, PHOTO_MESSAGES, photoSources } from "#app/domain/catalog/photo-keys";
import { farAbove } from "#app/domain/catalog/price-guidance";
import { guidanceRead, priceGuidance, toGuidance } from "#app/domain/catalog/price-guidance.server";
import {
  addListingPhotos,
  moveListingPhoto,
  PHOTO_EDIT_MESSAGES,
  removeListingPhoto,
} from "#app/domain/catalog/product-photos.server";
import { isUploadId } from "#app/domain/catalog/product-requests.server";
import {
  PRODUCT_FORM_MAX_BYTES,
  type ProductDetails,
  type ProductDetailsInput,
  photoFilesSchema,
  productDetailFieldsSchema,
  productDetailsSchema,
} from "#app/domain/catalog/product-schema";
import { gearFormValues } from "#app/domain/gear/gear-schema";
import { modelByKey, modelFullName } from "#app/domain/gear/models";
import { toUnitsText } from "#app/domain/shared/money";
import { badRequest, notFound, readFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { farAboveText } from "#app/utils/price-guidance";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWithReads, requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess, redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { type GuidanceView, useLiveGuidance } from "#app/utils/use-live-guidance";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";
import { CONDITIONS, type Condition } from "#db/closed-lists";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Edit Product", "Change the photos and details of your listing.");

const editHref = (productId: string) => `/dashboard/my_product/${encodeURIComponent(productId)}/edit`;

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
  // Read in the session's batch, with the price guidance: one D1 round trip (ADR 0040).
  const {
    results: [listingRows, photoRows, includedRows, checkRows, categories, guidanceRows],
  } = await requireRoleWithReads(
    request,
    context,
    ["seller"],
    (sellerId) =>
      [
        ...listingForEditReads(db, sellerId, productId),
        categoriesRead(db),
        guidanceRead(db, subject ?? { productId }, currency),
      ] as const,
  );
  const found = toListingForEdit([listingRows, photoRows, includedRows, checkRows]);
  // Another seller's listing is not found, exactly like one that does not exist.
  if (!found) throw notFound();
  const { listing, photos, refusal } = found;
  return {
    listing: {
      id: listing.id,
      name: listing.name,
      offersAccepted: listing.offersAccepted,
      details: {
        productName: listing.name,
        category: listing.categorySlug,
        condition: listing.condition,
        description: listing.description,
        originalPrice: toUnitsText(listing.originalPriceCents),
        resalePrice: toUnitsText(listing.resalePriceCents),
        purchaseYear: String(listing.purchaseYear),
        contact: listing.contact,
        location: listing.location,
        ...gearFormValues(listing),
      } satisfies ProductDetailsInput,
    },
    guidance: toGuidance(subject ?? { model: listing.model, condition: listing.condition }, guidanceRows),
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

type ActionReply = { form: "details" | "photos"; result: SubmissionResult<string[]> };

const reply = (form: ActionReply["form"], result: SubmissionResult<string[]>, status: number) =>
  data<ActionReply>({ form, result }, { status });

const unreadable = (message: string): SubmissionResult<string[]> => ({
  status: "error",
  initialValue: null,
  error: { "": [message] },
});

const moveFields = z.object({ photoId: z.string().min(1).max(64), position: z.coerce.number().int().min(0).max(7) });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const productId = params.id ?? "";
  const here = editHref(productId);
  const read = await readFormData(request, PRODUCT_FORM_MAX_BYTES);
  if (!read.ok) {
    const message =
      read.status === 413 ? `${PHOTO_MESSAGES.tooLarge} Send at most ${MAX_PHOTOS}.` : "Your form could not be read.";
    return reply("photos", unreadable(message), read.status);
  }
  const form = read.form;
  const db = database(context.env.DB);
  const intent = form.get("intent");
  if (intent === "details") {
    const submission = parseWithZod(form, { schema: productDetailsSchema });
    if (submission.status !== "success") return reply("details", submission.reply(), 400);
    const details = submission.value as ProductDetails;
    const result = await updateListingDetails(db, seller.id, productId, details);
    if (result.ok) {
      // A price drop tells the listing's wishlisting buyers (through the queue).
      await publishFromRoute(context, result.events);
      // Saved whatever the price; a price far above the model's recorded sales is pointed out.
      const guidance = await priceGuidance(
        db,
        { model: details.gear.model, condition: details.condition },
        context.env.settings.PAYMENT_CURRENCY,
      );
      const warning = farAboveText(guidance, farAbove(guidance, details.resalePrice));
      const message = result.held
        ? `${LISTING_EDIT_MESSAGES.saved}. This listing is held for review.`
        : LISTING_EDIT_MESSAGES.saved;
      return redirectWithToast(context, here, {
        message,
        type: warning ? "warning" : "success",
        ...(warning ? { description: warning } : {}),
      });
    }
    if (result.status === 404) throw notFound();
    if (result.status === 409) return redirectWithError(context, here, result.message);
    const field = result.field ?? "category";
    return reply("details", submission.reply({ fieldErrors: { [field]: [result.message] } }), result.status);
  }
  if (intent === "offers") {
    const result = await setOffersAccepted(db, seller.id, productId, form.get("offersAccepted") === "on");
    if (!result.ok) throw notFound();
    return redirectWithSuccess(context, here, result.message);
  }
  if (intent === "add") {
    const submission = parseWithZod(form, { schema: z.object({ img: photoFilesSchema() }) });
    if (submission.status !== "success") return reply("photos", submission.reply(), 400);
    const upload = form.get("upload");
    const store = { photos: context.env.PHOTOS, images: context.env.IMAGES };
    const result = await addListingPhotos(db, store, seller.id, productId, submission.value.img, {
      uploadId: isUploadId(upload) ? upload : undefined,
    });
    if (result.ok) {
      const added = submission.value.img.length === 1 ? PHOTO_EDIT_MESSAGES.addedOne : PHOTO_EDIT_MESSAGES.added;
      return redirectWithSuccess(context, here, added);
    }
    if (result.status === 404) throw notFound();
    if (result.status === 409) return redirectWithError(context, here, result.message);
    return reply("photos", submission.reply({ fieldErrors: { img: [result.message] } }), result.status);
  }
  if (intent === "remove" || intent === "move") {
    const photoId = form.get("photoId");
    if (typeof photoId !== "string" || photoId.length === 0 || photoId.length > 64) throw badRequest();
    let result: Awaited<ReturnType<typeof removeListingPhoto>>;
    if (intent === "remove") {
      result = await removeListingPhoto(db, context.env.PHOTOS, seller.id, productId, photoId);
    } else {
      const move = moveFields.safeParse({ photoId, position: form.get("position") });
      if (!move.success) throw badRequest();
      result = await moveListingPhoto(db, seller.id, productId, photoId, move.data.position);
    }
    if (!result.ok && result.status === 404 && result.message === LISTING_EDIT_MESSAGES.notFound) throw notFound();
    if (!result.ok) return redirectWithError(context, here, result.message);
    return redirectWithSuccess(
      context,
      here,
      intent === "remove" ? PHOTO_EDIT_MESSAGES.removed : PHOTO_EDIT_MESSAGES.moved,
    );
  }
  throw badRequest();
}

function EditGuidance({
  path,
  page,
  model,
  condition,
  resalePrice,
}: {
  path: string;
  page: GuidanceView;
  model: string | undefined;
  condition: string | undefined;
  resalePrice: string | undefined;
}) {
  const shown = useLiveGuidance(path, page, model, condition);
  return (
    <SellerPriceGuidance guidance={shown?.guidance ?? null} modelName={shown?.name ?? null} resalePrice={resalePrice} />
  );
}

function PhotoList({ photos, editable }: { photos: Array<{ id: string; key: string }>; editable: boolean }) {
  const pending = useIsPending({ state: "non-idle", intent: ["move", "remove"] });
  return (
    <ol className={styles.photoList} aria-label="Photos of the listing, in order">
      {photos.map((photo, index) => {
        const label = index === 0 ? `Photo 1 (cover)` : `Photo ${index + 1}`;
        const sources = photoSources(photo.key, "thumb");
        return (
          <li key={photo.id} className={styles.photoItem}>
            {sources ? (
              <img src={sources.src} alt={label} width={128} height={96} className={styles.photoThumb} />
            ) : null}
            <span className={styles.photoLabel}>{label}</span>
            {editable ? (
              <div className={table.rowActions}>
                <Form method="post" className={table.inlineForm} preventScrollReset>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="photoId" value={photo.id} />
                  {index > 0 ? (
                    <button
                      type="submit"
                      name="position"
                      value={index - 1}
                      className={`${button.secondary} ${table.compact}`}
                      disabled={pending}
                      aria-label={`Move photo ${index + 1} up`}
                    >
                      Move up
                    </button>
                  ) : null}
                  {index < photos.length - 1 ? (
                    <button
                      type="submit"
                      name="position"
                      value={index + 1}
                      className={`${button.secondary} ${table.compact}`}
                      disabled={pending}
                      aria-label={`Move photo ${index + 1} down`}
                    >
                      Move down
                    </button>
                  ) : null}
                </Form>
                {photos.length > 1 ? (
                  <Form method="post" className={table.inlineForm} preventScrollReset>
                    <input type="hidden" name="photoId" value={photo.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className={`${button.danger} ${table.compact}`}
                      disabled={pending}
                      aria-label={`Remove photo ${index + 1}`}
                    >
                      Remove
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export default function EditProduct() {
  const { listing, photos, refusal, uploadId, categories, currentYear, guidance, guidanceFor } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionReply | undefined;
  const [detailsForm, detailFields] = useSchemaForm(productDetailsSchema, {
    id: "edit-details",
    lastResult: answer?.form === "details" ? answer.result : undefined,
    defaultValue: listing.details,
    constraintSchema: productDetailFieldsSchema,
  });
  const room = MAX_PHOTOS - photos.length;
  const photosSchema = z.object({ img: photoFilesSchema(room) });
  const [photosForm, photoFields] = useSchemaForm(photosSchema, {
    id: "add-photos",
    lastResult: answer?.form === "photos" ? answer.result : undefined,
    validate: "onSubmit",
  });
  const adding = useIsPending({ intent: "add" });
  const saving = useIsPending({ intent: "details" });
  const savingOffers = useIsPending({ intent: "offers" });
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
        <PhotoList photos={photos} editable={!refusal} />
        {refusal ? null : room > 0 ? (
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(photosForm)}
            noValidate
            className={styles.productForm}
            preventScrollReset
          >
            <input type="hidden" name="upload" value={uploadId} />
            <PhotoInput
              id={photoFields.img.id}
              name={photoFields.img.name}
              label="Add Photos"
              room={room}
              errors={photoErrors(photoFields.img.allErrors)}
              failed={answer?.form === "photos"}
            />
            <div className={styles.wide}>
              <ErrorList id={photosForm.errorId} errors={photosForm.errors} />
              <button type="submit" name="intent" value="add" className={button.primary} disabled={adding}>
                {adding ? "Adding photos…" : "Add Photos"}
              </button>
            </div>
          </Form>
        ) : (
          <p>This listing has {MAX_PHOTOS} photos, the most it can have: remove one to add another.</p>
        )}
      </section>

      {refusal ? null : (
        <section aria-labelledby="details-heading" className={styles.editSection}>
          <h2 id="details-heading">Details</h2>
          <p className={styles.intro}>Every field is required. Prices are in US dollars.</p>
          <Form method="post" {...getFormProps(detailsForm)} noValidate className={styles.productForm}>
            <ProductDetailsFields fields={detailFields} categories={categories} currentYear={currentYear} />
            <EditGuidance
              path={editHref(listing.id)}
              page={{ guidance, guidanceFor }}
              model={detailFields.model.value}
              condition={detailFields.condition.value}
              resalePrice={detailFields.resalePrice.value}
            />
            <div className={styles.wide}>
              <ErrorList id={detailsForm.errorId} errors={detailsForm.errors} />
              <button type="submit" name="intent" value="details" className={button.primary} disabled={saving}>
                {saving ? "Saving…" : "Save Changes"}
              </button>
            </div>
          </Form>
        </section>
      )}

      <section aria-labelledby="offers-heading" className={styles.editSection}>
        <h2 id="offers-heading">Offers</h2>
        <Form method="post" className={styles.productForm} preventScrollReset>
          <label className={styles.wide}>
            <input type="checkbox" name="offersAccepted" defaultChecked={listing.offersAccepted} /> Buyers may offer a
            price (from half the asking price); offers already made can still be answered.
          </label>
          <div className={styles.wide}>
            <button type="submit" name="intent" value="offers" className={button.secondary} disabled={savingOffers}>
              Save offer setting
            </button>
          </div>
        </Form>
      </section>
    </DashboardPage>
  );
}
