// Claims, "Send our evidence to the bank" of a chargeback (ADR 0081): what Pay&Buy holds of the
// deal goes to the card's bank through the payment provider, once. The dispute is the page's own
// value: one that is not an id is a request the page did not send (400).
import type { ActionFunctionArgs } from "react-router";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { CLAIMS_PATH } from "#app/domain/deals/payouts/paths";
import { submitDisputeEvidence } from "#app/domain/deals/settlement/disputes.server";
import { idSchema } from "#app/domain/shared/schemas";
import { badRequest, requireFormData } from "#app/server/http.server";
import { listBack } from "#app/utils/paged-list.server";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const back = listBack(request, CLAIMS_PATH, { search: false });
  const disputeId = idSchema.safeParse((await requireFormData(request)).get("disputeId"));
  if (!disputeId.success) throw badRequest();
  const db = database(context.env.DB);
  const result = await submitDisputeEvidence(db, choosePaymentProvider(db, context.env.settings), disputeId.data);
  return result.ok
    ? redirectWithSuccess(context, back, result.message)
    : redirectWithError(context, back, result.message);
}

/** The page shows the buttons; a GET of this URL shows the page. */
export default function SendDisputeEvidence() {
  return null;
}
