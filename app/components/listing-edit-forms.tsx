// The forms of a listing's edit page, each posting to its own action (ADR 0071). The page renders
// them all; a child route whose form came back with errors renders that form with them.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import * as z from "zod";
import { ErrorList } from "#app/components/forms";
import { ProductDetailsFields } from "#app/components/listing-fields";
import * as styles from "#app/components/listing-form.css";
import { PhotoInput, photoErrors } from "#app/components/photo-input";
import { SellerPriceGuidance } from "#app/components/seller-price-guidance";
import * as table from "#app/components/table.css";
import {
  type ListingDetailsInput,
  listingDetailFieldsSchema,
  listingDetailsSchema,
  photoFilesSchema,
} from "#app/domain/catalog/listing-schema";
import { photoSources } from "#app/domain/catalog/photo-keys";
import { button } from "#app/styles/utilities.css";
import { editActionPath, editPath } from "#app/utils/listing-edit-urls";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import { type GuidanceView, useLiveGuidance } from "#app/utils/use-live-guidance";
import { useSchemaForm } from "#app/utils/use-schema-form";

type Errors = SubmissionResult<string[]> | undefined;

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

/** The listing's photos in order, each with its Move and Remove buttons while it may change. */
export function PhotoList({
  productId,
  photos,
  editable,
}: {
  productId: string;
  photos: Array<{ id: string; key: string }>;
  editable: boolean;
}) {
  const moveAction = editActionPath(productId, "movePhoto");
  const removeAction = editActionPath(productId, "removePhoto");
  const moving = useIsPending({ state: "non-idle", formAction: moveAction });
  const removing = useIsPending({ state: "non-idle", formAction: removeAction });
  const pending = moving || removing;
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
                <Form method="post" action={moveAction} className={table.inlineForm} preventScrollReset>
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
                  <Form method="post" action={removeAction} className={table.inlineForm} preventScrollReset>
                    <input type="hidden" name="photoId" value={photo.id} />
                    <button
                      type="submit"
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

/** Add Photos: up to the room the listing has left; `lastResult` is what its action sent back. */
export function AddPhotosForm({
  productId,
  uploadId,
  room,
  lastResult,
}: {
  productId: string;
  uploadId: string;
  room: number;
  lastResult?: Errors;
}) {
  const action = editActionPath(productId, "addPhotos");
  const [form, fields] = useSchemaForm(z.object({ img: photoFilesSchema(room) }), {
    id: "add-photos",
    lastResult,
    validate: "onSubmit",
  });
  const adding = useIsPending({ formAction: action });
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className={styles.productForm}
      preventScrollReset
    >
      <input type="hidden" name="upload" value={uploadId} />
      <PhotoInput
        id={fields.img.id}
        name={fields.img.name}
        label="Add Photos"
        room={room}
        errors={photoErrors(fields.img.allErrors)}
        failed={lastResult !== undefined}
      />
      <div className={styles.wide}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={button.primary} disabled={adding}>
          {adding ? "Adding photos…" : "Add Photos"}
        </button>
      </div>
    </Form>
  );
}

/** The listing's details, with the price guidance of the model and grade the form holds. */
export function DetailsForm({
  productId,
  details,
  categories,
  currentYear,
  guidance,
  lastResult,
}: {
  productId: string;
  details: ListingDetailsInput;
  categories: Array<{ value: string; label: string }>;
  currentYear: number;
  guidance: GuidanceView;
  lastResult?: Errors;
}) {
  const action = editActionPath(productId, "details");
  const currency = useCurrency();
  const schemas = useMemo(
    () => ({ schema: listingDetailsSchema(currency), fields: listingDetailFieldsSchema(currency) }),
    [currency],
  );
  const [form, fields] = useSchemaForm(schemas.schema, {
    id: "edit-details",
    lastResult,
    defaultValue: details,
    constraintSchema: schemas.fields,
  });
  const saving = useIsPending({ formAction: action });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className={styles.productForm}>
      <ProductDetailsFields fields={fields} categories={categories} currentYear={currentYear} />
      <EditGuidance
        path={editPath(productId)}
        page={guidance}
        model={fields.model.value}
        condition={fields.condition.value}
        resalePrice={fields.resalePrice.value}
      />
      <div className={styles.wide}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? "Saving…" : "Save Changes"}
        </button>
      </div>
    </Form>
  );
}

/** Whether buyers may offer a price on the listing. */
export function OffersForm({ productId, offersAccepted }: { productId: string; offersAccepted: boolean }) {
  const action = editActionPath(productId, "offers");
  const saving = useIsPending({ formAction: action });
  return (
    <Form method="post" action={action} className={styles.productForm} preventScrollReset>
      <label className={styles.wide}>
        <input type="checkbox" name="offersAccepted" defaultChecked={offersAccepted} /> Buyers may offer a price (from
        half the asking price); offers already made can still be answered.
      </label>
      <div className={styles.wide}>
        <button type="submit" className={button.secondary} disabled={saving}>
          Save offer setting
        </button>
      </div>
    </Form>
  );
}
