// The admin's decision on a return that reached them (ADR 0107): refund all, a part, or release
// to the seller, with a note both read; written once however often it is sent.
import { type ActionFunctionArgs, redirect } from "react-router";
import { claimDecisionFieldsSchema } from "#app/domain/deals/claims/claim-schema";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { RETURN_MESSAGES } from "#app/domain/deals/returns/return-words";
import { decideReturn } from "#app/domain/deals/returns/returns.server";
import type { ClaimDecision } from "#app/domain/deals/settlement/plan";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

const BACK = "/dashboard/claims";

export async function loader() {
  return redirect(BACK);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await requireFormData(request);
  const returnId = idSchema.safeParse(form.get("returnId"));
  if (!returnId.success) return redirectWithError(context, BACK, RETURN_MESSAGES.returnNotFound);
  const parsed = claimDecisionFieldsSchema(context.env.currency).safeParse({
    outcome: form.get("outcome") ?? undefined,
    amount: form.get("amount") ?? undefined,
    note: form.get("note") ?? undefined,
  });
  if (!parsed.success) return redirectWithError(context, BACK, parsed.error.issues[0]!.message);
  const { outcome, amount, note } = parsed.data;
  const decision: ClaimDecision = outcome === "refund_partial" ? { outcome, amountCents: amount! } : { outcome };
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const result = await decideReturn(
    db,
    choosePaymentProvider(db, settings),
    settings,
    admin,
    returnId.data,
    decision,
    note ?? null,
  );
  if (!result.ok) return redirectWithError(context, BACK, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, BACK, result.message);
}
