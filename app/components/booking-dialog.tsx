import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { BookingDialogData } from "../routes/shared/storefront.server";
import { button } from "../styles/utilities.css";
import { formatPrice, NOT_FOUND } from "../utils/format";
import { UrlDialog } from "./dialog";
import * as dialogStyles from "./dialog.css";
import { ErrorList, Field } from "./forms";
import * as formStyles from "./forms.css";

/**
 * The booking dialog (spec section 2): prefilled and read-only, except where to meet.
 * Validated on the server only (the storefront's shared zod schema): the home page stays free
 * of the form libraries, and with JavaScript the answer comes back without a reload anyway.
 */
export function BookingDialog({
  dialog,
  lastResult,
}: {
  dialog: BookingDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "book";
  const errors = lastResult?.error ?? {};
  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : undefined);
  const { product, buyer, closeHref } = dialog;
  if (!product) {
    return (
      <UrlDialog title="Book this product" closeHref={closeHref}>
        <p>This product is no longer available.</p>
        <div className={dialogStyles.actions}>
          <Link to={closeHref} className={button.ghost} preventScrollReset replace>
            Close
          </Link>
        </div>
      </UrlDialog>
    );
  }
  const readOnly = (id: string, label: string, value: string) => (
    <Field label={label} inputProps={{ id: `booking-${id}`, name: undefined, value, readOnly: true }} />
  );
  return (
    <UrlDialog title={`Book ${product.name}`} closeHref={closeHref}>
      <Form method="post" id="booking" noValidate className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="productId" value={product.id} />
        {readOnly("name", "Your name", buyer.name)}
        {readOnly("email", "Your email", buyer.email)}
        {readOnly("product", "Product", product.name)}
        {readOnly("price", "Price", formatPrice(product.resalePriceCents) ?? NOT_FOUND)}
        {readOnly("seller-email", "Seller email", product.sellerEmail || NOT_FOUND)}
        {readOnly("seller-contact", "Seller contact", product.contact || NOT_FOUND)}
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
        <div className={dialogStyles.actions}>
          {dialog.reportHref ? (
            <Link to={dialog.reportHref} className={dialogStyles.reportLink} preventScrollReset replace>
              Report this listing
            </Link>
          ) : null}
          <Link to={closeHref} className={button.ghost} preventScrollReset replace>
            Cancel
          </Link>
          <button type="submit" className={button.primary} disabled={submitting}>
            {submitting ? "Submitting…" : "Submit"}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
