import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { bookingSchema } from "../domain/schemas";
import { button } from "../styles/utilities.css";
import { NOT_FOUND, formatPrice } from "../utils/format";
import type { BookingDialogData } from "../utils/storefront.server";
import { UrlDialog } from "./dialog";
import * as dialogStyles from "./dialog.css";
import { ErrorList, Field } from "./forms";
import * as formStyles from "./forms.css";

/** The booking dialog (spec section 2): prefilled and read-only, except where to meet. */
export function BookingDialog({
  dialog,
  lastResult,
}: {
  dialog: BookingDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "book";
  const [form, fields] = useForm<z.input<typeof bookingSchema>>({
    id: "booking",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
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
      <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form} preventScrollReset>
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
          // The first field to fill takes the focus (without JavaScript too: the dialog is server-rendered).
          inputProps={{
            ...getInputProps(fields.meetLocation, { type: "text" }),
            autoComplete: "address-level2",
            "aria-required": true,
            autoFocus: true,
          }}
          errors={fields.meetLocation.errors}
        />
        <Field
          label="Your Contact*"
          inputProps={{ ...getInputProps(fields.buyerContact, { type: "tel" }), autoComplete: "tel", inputMode: "tel", "aria-required": true }}
          errors={fields.buyerContact.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className={dialogStyles.actions}>
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
