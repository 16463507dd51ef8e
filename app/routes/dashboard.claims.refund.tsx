// Claims, "Refund the buyer" of a held payment whose seller was removed (ADR 0079): nothing
// releases such a payment any more, so the admin gives it back in full. The booking is the page's
// own value: one that is not an id is a request the page did not send (400).
import type { ActionFunctionArgs } from "react-router";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { CLAIMS_PATH } from "#app/domain/deals/payouts/paths";
import { refundForRemovedSeller } from "#app/domain/deals/settlement/decisions.server";
import { idSchema } from "#app/domain/shared/schemas";
import { badRequest, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { listBack } from "#app/utils/paged-list.server";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const back = listBack(request, CLAIMS_PATH, { search: false });
  const bookingId = idSchema.safeParse((await requireFormData(request)).get("bookingId"));
  if (!bookingId.success) throw badRequest();
  const db = database(context.env.DB);
  const result = await refundForRemovedSeller(
    db,
    choosePaymentProvider(db, context.env.settings),
    admin,
    bookingId.data,
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return result.decided
    ? redirectWithSuccess(context, back, result.message)
    : redirectWithError(context, back, result.message);
}

/** The page shows the buttons; a GET of this URL shows the page. */
export default function RefundForRemovedSeller() {
  return null;
}
