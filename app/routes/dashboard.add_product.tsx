import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, Field } from "#app/components/forms";
import { ProductDetailsFields } from "#app/components/listing-fields";
import * as styles from "#app/components/listing-form.css";
import { PhotoInput, photoErrors } from "#app/components/photo-input";
import { CheckSoldPrices, SellerPriceGuidance } from "#app/components/seller-price-guidance";
import { accountPhone } from "#app/domain/accounts/account-settings.server";
import { listCategories } from "#app/domain/catalog/catalog.server";
import { issueProductToken, readProductToken } from "#app/domain/catalog/listing-requests.server";
import { LISTING_FORM_MAX_BYTES, listingFieldsSchema, listingSchema } from "#app/domain/catalog/listing-schema";
import { PHOTO_MESSAGES } from "#app/domain/catalog/photo-keys";
import { farAbove } from "#app/domain/catalog/price-guidance";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import { createListing, LISTING_MESSAGES } from "#app/domain/catalog/seller-listings.server";
import { type FeeRule, feeRuleWords, sellerNet } from "#app/domain/deals/ledger/fees";
import { findPayoutAccount } from "#app/domain/deals/payouts/accounts.server";
import { PAYOUTS_PATH } from "#app/domain/deals/payouts/paths";
import { PAYOUT_SETUP_WORDS, payoutSetup } from "#app/domain/deals/payouts/payout-words";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { modelByKey, modelFullName } from "#app/domain/gear/models";
import { type Currency, formatMoney, moneyFormatter, parseMoney } from "#app/domain/shared/money";
import { readFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { farAboveText } from "#app/utils/price-guidance";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith, requireSeller } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import { useLiveGuidance } from "#app/utils/use-live-guidance";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";
import { CONDITIONS, type Condition } from "#db/closed-lists";

const PATH = "/dashboard/add_product";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Add Product", "List a camera, lens or accessory for sale on Pay&Buy, with its photos and price.");

/** `?model=&condition=`: what the seller asked the price guidance for (a model of the list, a grade). */
function guidanceSubject(params: URLSearchParams): { model: string; condition: Condition } | null {
  const model = modelByKey(params.get("model"));
  const condition = params.get("condition") ?? "Good";
  if (!model || !(CONDITIONS as readonly string[]).includes(condition)) return null;
  return { model: model.key, condition: condition as Condition };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const subject = guidanceSubject(new URL(request.url).searchParams);
  const db = database(context.env.DB);
  const currency = context.env.settings.PAYMENT_CURRENCY;
  // The categories, the account's phone, its payout account (and the guidance asked for) are read
  // in the session's batch: one D1 round trip (ADR 0040, 0069).
  const {
    user: seller,
    data: [categories, phone, guidance, account],
  } = await requireRoleWith(request, context, ["seller"], (viewer) =>
    Promise.all([
      listCategories(db),
      accountPhone(db, viewer.id),
      subject ? priceGuidance(db, subject, currency) : null,
      findPayoutAccount(db, viewer.id),
    ]),
  );
  const model = modelByKey(subject?.model);
  return {
    // A new one on every load: sending this page twice adds one product (ADR 0016).
    productToken: await issueProductToken(seller.id, context.env.settings.SESSION_SECRET),
    seller: { name: seller.name, email: seller.email },
    // The account's phone number (Settings) is the listing's contact unless the seller types another.
    contact: phone,
    categories: categories.map((category) => ({ value: category.slug, label: category.title })),
    currentYear: new Date().getUTCFullYear(),
    feeRule: feeRuleOf(context.env.settings),
    payoutSetup: payoutSetup(account),
    guidance,
    guidanceFor: subject ? { ...subject, name: model ? modelFullName(model) : null } : null,
  };
}

/** A reply for a form the server could not read: there are no values to give back. */
function unreadable(message: string): SubmissionResult<string[]> {
  return { status: "error", initialValue: null, error: { "": [message] } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const read = await readFormData(request, LISTING_FORM_MAX_BYTES);
  if (!read.ok) {
    const message =
      read.status === 413
        ? `${PHOTO_MESSAGES.tooLarge} Fill in the form again with smaller photos.`
        : "Your form could not be read. Please try again.";
    return data(unreadable(message), { status: read.status });
  }
  if (read.form.get("intent") !== "create") return data(unreadable("Unknown action."), { status: 400 });
  const submission = parseWithZod(read.form, { schema: listingSchema(context.env.currency) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const token = await readProductToken(read.form.get("productToken"), seller.id, context.env.settings.SESSION_SECRET);
  if (!token.ok) return data(submission.reply({ formErrors: [token.message] }), { status: token.status });
  // The seller is the session's user: the read-only Name and Email fields are never read.
  const store = { photos: context.env.PHOTOS, images: context.env.IMAGES };
  const db = database(context.env.DB);
  const result = await createListing(db, store, seller, submission.value, {
    productId: token.productId,
  });
  if (!result.ok) {
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.message] } })
      : submission.reply({ formErrors: [result.message] });
    return data(reply, { status: result.status });
  }
  // Saved whatever the price; a price far above the model's recorded sales is pointed out.
  const { gear, condition, resalePrice } = submission.value;
  const guidance = await priceGuidance(db, { model: gear.model, condition }, context.env.settings.PAYMENT_CURRENCY);
  const warning = farAboveText(guidance, farAbove(guidance, resalePrice), context.env.currency);
  return redirectWithToast(context, "/dashboard/my_product", {
    message: result.held ? LISTING_MESSAGES.held : LISTING_MESSAGES.added,
    type: warning ? "warning" : "success",
    ...(warning ? { description: warning } : {}),
  });
}

/** Before listing, what the seller receives of the price typed (or of an example, until one is). */
function receiveWords(rule: FeeRule, typed: unknown, currency: Currency): string {
  const cents = typeof typed === "string" ? parseMoney(typed, currency) : null;
  const price = cents !== null && cents > 0 ? cents : 120_000;
  const receive = `You receive ${formatMoney(sellerNet(price, rule), currency)} of ${formatMoney(price, currency)}`;
  const fee = `the platform's fee is ${feeRuleWords(rule, moneyFormatter(currency))}`;
  return cents !== null && cents > 0 ? `${receive}: ${fee}.` : `In ${currency.words}, e.g. 1200: ${fee}. ${receive}.`;
}

export default function AddProduct() {
  const {
    productToken,
    seller,
    contact,
    categories,
    currentYear,
    guidance,
    guidanceFor,
    feeRule,
    payoutSetup: setup,
  } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const currency = useCurrency();
  const schemas = useMemo(
    () => ({ schema: listingSchema(currency), fields: listingFieldsSchema(currency) }),
    [currency],
  );
  const [form, fields] = useSchemaForm(schemas.schema, {
    id: "add-product",
    lastResult,
    // The account's phone, and the model and grade the seller checked the sold prices of.
    defaultValue: {
      contact,
      ...(guidanceFor ? { model: guidanceFor.model, condition: guidanceFor.condition } : {}),
    },
    constraintSchema: schemas.fields,
  });
  const shown = useLiveGuidance(PATH, { guidance, guidanceFor }, fields.model.value, fields.condition.value);
  const submitting = useIsPending({ formAction: PATH });
  return (
    <DashboardPage title="Add Product">
      <p className={styles.intro}>
        Every field is required but the camera data and the serial number. {`Prices are in ${currency.words}.`}
      </p>
      <CheckSoldPrices action={PATH} model={guidanceFor?.model ?? ""} condition={guidanceFor?.condition ?? ""} />
      {setup === "ready" ? null : (
        <p className={styles.intro}>
          {`${PAYOUT_SETUP_WORDS[setup]} `}
          <Link to={PAYOUTS_PATH}>Go to Payouts</Link>
        </p>
      )}
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
        <ProductDetailsFields
          fields={fields}
          categories={categories}
          currentYear={currentYear}
          resaleHint={receiveWords(feeRule, fields.resalePrice.value, currency)}
        />
        <SellerPriceGuidance
          guidance={shown?.guidance ?? null}
          modelName={shown?.name ?? null}
          resalePrice={fields.resalePrice.value}
        />
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
