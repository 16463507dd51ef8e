// The seller's "Buy a label" of a shipped deal (ADR 0086): the carrier sells a prepaid label
// with its tracking number; its cost is paid by the deal at release. A sender's address that
// fails its schema comes back at the form, as typed (400, ADR 0071).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, useActionData, useParams, useRouteLoaderData } from "react-router";
import { LabelForm } from "#app/components/shipment-forms";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { returnAddressSchema } from "#app/domain/deals/shipping/label-schema";
import { buyLabel } from "#app/domain/deals/shipping/labels.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireRole } from "#app/utils/session.server";
import { shipmentSection } from "#app/utils/shipment-sections";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import type { loader as shipmentLoader } from "./dashboard.shipments.$bookingId";

export const handle = shipmentSection("label");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireRole(request, context, ["seller"]);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const submission = parseWithZod(await requireFormData(request), { schema: returnAddressSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await buyLabel(
    database(context.env.DB),
    chooseCarrier(context.env.settings),
    seller,
    bookingId.data,
    submission.value,
    feeRuleOf(context.env.settings),
    context.env.currency,
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows everything else; this is its label form, with the errors its action sent. */
export default function BuyLabel() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { bookingId = "" } = useParams();
  const page = useRouteLoaderData<typeof shipmentLoader>("routes/dashboard.shipments.$bookingId");
  if (!page?.labelQuote) return null;
  return (
    <LabelForm
      action={`${shipmentPath(bookingId)}/label`}
      labelCents={page.labelQuote.labelCents}
      fromPostalCode={page.deal.shipment.fromPostalCode}
      sender={page.sender}
      lastResult={lastResult}
    />
  );
}
