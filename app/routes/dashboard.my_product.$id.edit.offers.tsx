// The edit page, "Offers" (ADR 0071): whether buyers may offer a price on the listing. The checkbox
// sends "on" or nothing; any other value is a request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import * as z from "zod";
import { setOffersAccepted } from "#app/domain/catalog/listing-edits.server";
import { badRequest, notFound, requireFormData } from "#app/server/http.server";
import { editPath } from "#app/utils/listing-edit-urls";
import { requireSeller } from "#app/utils/session.server";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

const offersFields = z.object({ offersAccepted: z.literal("on").nullable() });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const productId = params.id ?? "";
  const form = await requireFormData(request);
  const parsed = offersFields.safeParse({ offersAccepted: form.get("offersAccepted") });
  if (!parsed.success) throw badRequest();
  const accepted = parsed.data.offersAccepted === "on";
  const result = await setOffersAccepted(database(context.env.DB), seller.id, productId, accepted);
  // Another seller's listing is not found, exactly like one that does not exist.
  if (!result.ok) throw notFound();
  return redirectWithSuccess(context, editPath(productId), result.message);
}

/** The edit page shows the form; a GET of this URL shows the page. */
export default function OffersSection() {
  return null;
}
