// Claims, the offline provider's labelled test control (ADR 0081): the bank decides an open
// chargeback, won or lost, as Stripe would report it. Refused with any other provider.
import type { ActionFunctionArgs } from "react-router";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { decideTestDispute, testDisputeDecisionSchema } from "#app/domain/deals/payments/test-disputes.server";
import { CLAIMS_PATH } from "#app/domain/deals/payouts/paths";
import { disputeApplier } from "#app/domain/deals/settlement/disputes.server";
import { idSchema } from "#app/domain/shared/schemas";
import { badRequest, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { listBack } from "#app/utils/paged-list.server";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const back = listBack(request, CLAIMS_PATH, { search: false });
  const form = await requireFormData(request);
  const disputeId = idSchema.safeParse(form.get("disputeId"));
  const decision = testDisputeDecisionSchema.safeParse({ outcome: form.get("outcome") });
  if (!disputeId.success || !decision.success) throw badRequest();
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const provider = choosePaymentProvider(db, settings);
  const result = await decideTestDispute(
    db,
    provider,
    disputeApplier(db, provider, settings),
    disputeId.data,
    decision.data.outcome,
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows the buttons; a GET of this URL shows the page. */
export default function DecideTestDispute() {
  return null;
}
