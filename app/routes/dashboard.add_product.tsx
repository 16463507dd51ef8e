import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, Field } from "#app/components/forms";
import { PhotoInput, photoErrors } from "#app/components/photo-input";
import { ProductDetailsFields } from "#app/components/product-fields";
import * as styles from "#app/components/product-form.css";
import { phoneRead } from "#app/domain/accounts/account-settings.server";
import { categoriesRead } from "#app/domain/catalog/catalog.server";
import { PHOTO_MESSAGES } from "#app/domain/catalog/photo-keys";
import { issueProductToken, readProductToken } from "#app/domain/catalog/product-requests.server";
import {
  type NewProduct,
  PRODUCT_FORM_MAX_BYTES,
  type ProductFormInput,
  productSchema,
} from "#app/domain/catalog/product-schema";
import { createProduct, PRODUCT_MESSAGES } from "#app/domain/catalog/products.server";
import { readFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith, requireSeller } from "#app/utils/session.server";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Add Product", "List a camera, lens or accessory for sale on Pay&Buy, with its photos and price.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The categories are read in the session's batch: one D1 round trip (ADR 0040).
  const db = database(context.env.DB);
  const {
    user: seller,
    results: [categories, phone],
  } = await requireRoleWith(
    request,
    context,
    ["seller"],
    (sellerId) => [categoriesRead(db), phoneRead(db, sellerId)] as const,
  );
  return {
    // A new one on every load: sending this page twice adds one product (ADR 0016).
    productToken: await issueProductToken(seller.id, context.env.settings.SESSION_SECRET),
    seller: { name: seller.name, email: seller.email },
    // The account's phone number (Settings) is the listing's contact unless the seller types another.
    contact: phone[0]?.phone ?? "",
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
        ? `${PHOTO_MESSAGES.tooLarge} Fill in the form again with smaller photos.`
        : "Your form could not be read. Please try again.";
    return data(unreadable(message), { status: read.status });
  }
  if (read.form.get("intent") !== "create") return data(unreadable("Unknown action."), { status: 400 });
  const submission = parseWithZod(read.form, { schema: productSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const token = await readProductToken(read.form.get("productToken"), seller.id, context.env.settings.SESSION_SECRET);
  if (!token.ok) return data(submission.reply({ formErrors: [token.message] }), { status: token.status });
  // The seller is the session's user: the read-only Name and Email fields are never read.
  const store = { photos: context.env.PHOTOS, images: context.env.IMAGES };
  const result = await createProduct(database(context.env.DB), store, seller, submission.value, {
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

export default function AddProduct() {
  const { productToken, seller, contact, categories, currentYear } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<ProductFormInput, NewProduct>({
    id: "add-product",
    lastResult,
    defaultValue: { contact },
    constraint: getZodConstraint(productSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = useIsPending({ formAction: "/dashboard/add_product" });
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
        <ProductDetailsFields fields={fields} categories={categories} currentYear={currentYear} />
        <PhotoInput
          id={fields.img.id}
          name={fields.img.name}
          label="Product Photos"
          errors={photoErrors(fields.img.allErrors)}
          failed={lastResult?.status === "error"}
        />
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
