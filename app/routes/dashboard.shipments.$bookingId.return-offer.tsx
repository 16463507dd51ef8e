// The buyer's answer to the seller's offer of a part back (ADR 0107): keep the item for it (the
// part is refunded, the rest released), or decline (an admin decides).
import type { ActionFunctionArgs } from "react-router";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { returnOfferAnswerSchema } from "#app/domain/deals/returns/return-schema";
import { answerReturnOffer } from "#app/domain/deals/returns/returns.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireUser } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const buyer = await requireUser(request, context);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const parsed = returnOfferAnswerSchema.safeParse({ answer: (await requireFormData(request)).get("answer") });
  if (!parsed.success) return redirectWithError(context, back, parsed.error.issues[0]!.message);
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const result = await answerReturnOffer(
    db,
    choosePaymentProvider(db, settings),
    settings,
    buyer,
    bookingId.data,
    parsed.data.answer === "accept",
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return redirectWithError(context, back, result.message);
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows the buttons; a GET of this URL shows the page. */
export default function AnswerReturnOffer() {
  return null;
}
