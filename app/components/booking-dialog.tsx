import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { formatMoney } from "#app/domain/shared/money";
import { holdLabel, NOT_FOUND } from "#app/utils/format";
import type { BookingDialogData } from "#app/utils/storefront.server";
import * as styles from "./booking-dialog.css";
import { DialogActions, ListingGone, UrlDialog, useDialogSubmission } from "./dialog";
import * as dialogStyles from "./dialog.css";
import { ErrorList, Field } from "./forms";
import { VerifiedBadge } from "./listing-card";

/**
 * The booking dialog (spec section 2): what is booked from whom and what booking means, the
 * spec's prefilled values as a short list, then the two fields the buyer fills; Submit stays on
 * screen on a phone. Validated on the server only (the storefront's shared zod schema): the home
 * page stays free of the form libraries, and with JavaScript the answer comes back without a
 * reload anyway.
 */
export function BookingDialog({
  dialog,
  lastResult,
}: {
  dialog: BookingDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { fetcher, submitting, result, typed } = useDialogSubmission("book", lastResult, dialog.lastResult);
  const errors = result?.error ?? {};
  const value = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : undefined);
  const { product, buyer, closeHref } = dialog;
  if (!product) {
    return (
      <UrlDialog title="Book this product" closeHref={closeHref}>
        <ListingGone closeHref={closeHref} />
      </UrlDialog>
    );
  }
  const src = photoUrl(product.photoKey);
  return (
    <UrlDialog title={`Book ${product.name}`} closeHref={closeHref}>
      <div className={styles.summary}>
        {src ? <img src={src} alt="" width={72} height={72} className={styles.photo} /> : null}
        <dl className={dialogStyles.summary}>
          <dt>Price</dt>
          <dd className={styles.price}>{formatMoney(product.resalePriceCents) ?? NOT_FOUND}</dd>
          <dt>Seller</dt>
          <dd>
            {product.sellerName || NOT_FOUND} {product.sellerVerified ? <VerifiedBadge /> : null}
            <span className={styles.sub}>
              {product.sellerEmail || NOT_FOUND} · <span className={styles.nowrap}>{product.contact || NOT_FOUND}</span>
            </span>
          </dd>
          <dt>You</dt>
          <dd>
            {buyer.name}
            <span className={styles.sub}>{buyer.email}</span>
          </dd>
        </dl>
      </div>
      <p className={styles.note}>
        Booking holds this item for you until you pay or cancel. Nothing is charged now: you pay by card from My Orders.
        <strong className={styles.sub}>{`${holdLabel(dialog.holdHours)}; unpaid, the booking then expires.`}</strong>
      </p>
      <fetcher.Form method="post" id="booking" noValidate className={styles.form} preventScrollReset>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="productId" value={product.id} />
        <Field
          label="Your Location*"
          inputProps={{
            id: "booking-meetLocation",
            name: "meetLocation",
            type: "text",
            defaultValue: value("meetLocation"),
            autoComplete: "address-level2",
            maxLength: 200,
            "aria-required": true,
            // The first field to fill takes the focus (without JavaScript too: the dialog is server-rendered).
            autoFocus: true,
          }}
          errors={errors.meetLocation}
        />
        <Field
          label="Your Contact*"
          inputProps={{
            id: "booking-buyerContact",
            name: "buyerContact",
            type: "tel",
            defaultValue: value("buyerContact"),
            autoComplete: "tel",
            inputMode: "tel",
            maxLength: 30,
            "aria-required": true,
          }}
          errors={errors.buyerContact}
        />
        <ErrorList id="booking-error" errors={errors[""]} />
        <DialogActions
          closeHref={closeHref}
          close="Cancel"
          submit={submitting ? "Submitting…" : "Submit"}
          pending={submitting}
        >
          {dialog.reportHref ? (
            <Link to={dialog.reportHref} className={dialogStyles.reportLink} preventScrollReset replace>
              Report this listing
            </Link>
          ) : null}
        </DialogActions>
      </fetcher.Form>
    </UrlDialog>
  );
}
