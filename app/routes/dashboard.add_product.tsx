import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { database } from "../../db/client";
import { DashboardPage } from "../components/dashboard-page";
import { ErrorList, Field, TextareaField } from "../components/forms";
import * as formStyles from "../components/forms.css";
import { SelectField } from "../components/select-field";
import { listCategories } from "../domain/catalog.server";
import { PHOTO_MESSAGES, PHOTO_TYPES } from "../domain/photo-keys";
import { issueProductToken, readProductToken } from "../domain/product-requests.server";
import {
  type NewProduct,
  PRODUCT_CONDITIONS,
  PRODUCT_FORM_MAX_BYTES,
  PRODUCT_LIMITS,
  type ProductFormInput,
  productSchema,
} from "../domain/product-schema";
import { createProduct, PRODUCT_MESSAGES } from "../domain/products.server";
import { readFormData } from "../server/http.server";
import { button } from "../styles/utilities.css";
import { pageMeta } from "../utils/seo";
import { requireSeller } from "../utils/session.server";
import { redirectWithSuccess } from "../utils/toast.server";
import * as styles from "./seller.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Add Product", "List a camera, lens or accessory for sale on Pay&Buy, with its photo and price.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const seller = await requireSeller(request, context);
  const categories = await listCategories(database(context.env.DB));
  return {
    // A new one on every load: sending this page twice adds one product (ADR 0016).
    productToken: await issueProductToken(seller.id, context.env.settings.SESSION_SECRET),
    seller: { name: seller.name, email: seller.email },
    categories: categories.map((category) => ({ value: category.slug, label: category.title })),
    currentYear: new Date().getUTCFullYear(),
  };
}

/** A reply for a form the server could not read: there are no values to give back. */
function unreadable(message: string): SubmissionResult<string[]> {
  return { status: "error", initialValue: null, error: { "": [message] } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const read = await readFormData(request, PRODUCT_FORM_MAX_BYTES);
  if (!read.ok) {
    const message =
      read.status === 413
        ? `${PHOTO_MESSAGES.tooLarge} Fill in the form again with a smaller photo.`
        : "Your form could not be read. Please try again.";
    return data(unreadable(message), { status: read.status });
  }
  if (read.form.get("intent") !== "create") return data(unreadable("Unknown action."), { status: 400 });
  const submission = parseWithZod(read.form, { schema: productSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const token = await readProductToken(read.form.get("productToken"), seller.id, context.env.settings.SESSION_SECRET);
  if (!token.ok) return data(submission.reply({ formErrors: [token.message] }), { status: token.status });
  // The seller is the session's user: the read-only Name and Email fields are never read.
  const result = await createProduct(database(context.env.DB), context.env.PHOTOS, seller, submission.value, {
    productId: token.productId,
  });
  if (!result.ok) {
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.message] } })
      : submission.reply({ formErrors: [result.message] });
    return data(reply, { status: result.status });
  }
  return redirectWithSuccess(context, "/dashboard/my_product", PRODUCT_MESSAGES.added);
}

/** With JavaScript, the chosen photo is shown before it is sent. */
function usePhotoPreview() {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith("image/")) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return { url, chosen: file !== null, choose: (files: FileList | null) => setFile(files?.[0] ?? null) };
}

export default function AddProduct() {
  const { productToken, seller, categories, currentYear } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const preview = usePhotoPreview();
  const [form, fields] = useForm<ProductFormInput, NewProduct>({
    id: "add-product",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/add_product");
  // After a full-page answer (no JavaScript) the file input is empty again; with JavaScript the
  // chosen file stays, and the preview knows it.
  const photoHint =
    lastResult?.status === "error" && !preview.chosen
      ? "JPEG, PNG, WebP or AVIF, up to 5 MB. Please choose the photo again: a browser cannot keep a chosen file after the form comes back."
      : "JPEG, PNG, WebP or AVIF, up to 5 MB.";
  return (
    <DashboardPage title="Add Product">
      <p className={styles.intro}>Every field is required. Prices are in US dollars.</p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className={styles.productForm}
      >
        <input type="hidden" name="productToken" value={productToken} />
        <Field label="Name" inputProps={{ id: "seller-name", name: "name", value: seller.name, readOnly: true }} />
        <Field
          label="Email"
          inputProps={{ id: "seller-email", name: "email", type: "email", value: seller.email, readOnly: true }}
        />
        <Field
          label="Product Name"
          inputProps={{ ...getInputProps(fields.productName, { type: "text" }), maxLength: PRODUCT_LIMITS.productName }}
          errors={fields.productName.errors}
        />
        <SelectField
          label="Product Category"
          selectProps={getSelectProps(fields.category)}
          options={categories}
          placeholder="Choose a category"
          errors={fields.category.errors}
        />
        <SelectField
          label="Product Condition"
          selectProps={getSelectProps(fields.condition)}
          options={PRODUCT_CONDITIONS.map((condition) => ({ value: condition, label: condition }))}
          placeholder="Choose a condition"
          errors={fields.condition.errors}
        />
        <Field
          label="Location"
          inputProps={{ ...getInputProps(fields.location, { type: "text" }), maxLength: PRODUCT_LIMITS.location }}
          errors={fields.location.errors}
        />
        <Field
          label="Original Price"
          inputProps={{ ...getInputProps(fields.originalPrice, { type: "text" }), inputMode: "decimal" }}
          errors={fields.originalPrice.errors}
          hint="In dollars, e.g. 1250 or 1250.99"
        />
        <Field
          label="Resale Price"
          inputProps={{ ...getInputProps(fields.resalePrice, { type: "text" }), inputMode: "decimal" }}
          errors={fields.resalePrice.errors}
          hint="In dollars, e.g. 800 or 799.50"
        />
        <Field
          label="Year Of Purchase"
          inputProps={{ ...getInputProps(fields.purchaseYear, { type: "text" }), inputMode: "numeric", maxLength: 4 }}
          errors={fields.purchaseYear.errors}
          hint={`Between ${PRODUCT_LIMITS.minYear} and ${currentYear}`}
        />
        <Field
          label="Contact Number"
          inputProps={{
            ...getInputProps(fields.contact, { type: "tel" }),
            autoComplete: "tel",
            maxLength: PRODUCT_LIMITS.contact,
          }}
          errors={fields.contact.errors}
        />
        <div className={styles.wide}>
          <TextareaField
            label="Product Description"
            textareaProps={{ ...getTextareaProps(fields.description), maxLength: PRODUCT_LIMITS.description }}
            errors={fields.description.errors}
          />
        </div>
        <div className={`${styles.wide} ${formStyles.field}`}>
          <Field
            label="Product Photo"
            inputProps={{
              ...getInputProps(fields.img, { type: "file" }),
              accept: Object.keys(PHOTO_TYPES).join(","),
              onChange: (event) => preview.choose(event.currentTarget.files),
            }}
            errors={fields.img.errors}
            hint={photoHint}
          />
          {preview.url ? <img src={preview.url} alt="Preview of the chosen file" className={styles.preview} /> : null}
        </div>
        <div className={styles.wide}>
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className={styles.wide}>
          <button type="submit" name="intent" value="create" className={button.primary} disabled={submitting}>
            {submitting ? "Adding product…" : "Add Product"}
          </button>
        </div>
      </Form>
    </DashboardPage>
  );
}
