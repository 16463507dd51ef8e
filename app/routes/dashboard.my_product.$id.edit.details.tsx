// The edit page, "Details" (ADR 0071): the listing's text, price and gear. Invalid fields come back
// at the form, as typed (400); a refusal the domain ties to a field comes back there with its
// status; a listing that can no longer change goes back to the page with the reason.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { DetailsForm } from "#app/components/listing-edit-forms";
import { LISTING_EDIT_MESSAGES, updateListingDetails } from "#app/domain/catalog/listing-edits.server";
import { type ListingDetails, listingDetailsSchema } from "#app/domain/catalog/listing-schema";
import { farAbove } from "#app/domain/catalog/price-guidance";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { editPath, editSection } from "#app/utils/listing-edit-urls";
import { farAboveText } from "#app/utils/price-guidance";
import { requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithToast } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useListingEditData } from "./listing-edit-data";

export const handle = editSection("details");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const productId = params.id ?? "";
  const back = editPath(productId);
  const submission = parseWithZod(await requireFormData(request), {
    schema: listingDetailsSchema(context.env.currency),
  });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const details = submission.value as ListingDetails;
  const db = database(context.env.DB);
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
    const warning = farAboveText(guidance, farAbove(guidance, details.resalePrice), context.env.currency);
    const message = result.held
      ? `${LISTING_EDIT_MESSAGES.saved}. This listing is held for review.`
      : LISTING_EDIT_MESSAGES.saved;
    return redirectWithToast(context, back, {
      message,
      type: warning ? "warning" : "success",
      ...(warning ? { description: warning } : {}),
    });
  }
  // Another seller's listing is not found, exactly like one that does not exist.
  if (result.status === 404) throw notFound();
  if (result.status === 409) return redirectWithError(context, back, result.message);
  const field = result.field ?? "category";
  return data(submission.reply({ fieldErrors: { [field]: [result.message] } }), { status: result.status });
}

export default function DetailsSection() {
  const { listing, categories, currentYear, guidance, guidanceFor } = useListingEditData();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <DetailsForm
      productId={listing.id}
      details={listing.details}
      categories={categories}
      currentYear={currentYear}
      guidance={{ guidance, guidanceFor }}
      lastResult={lastResult}
    />
  );
}
