// The seller's answer to a return (ADR 0107): accept (a prepaid return label is made to their kept
// sender address), offer a part back, or decline (an admin decides). A field that fails its schema
// comes back at the form (400, ADR 0071); what the return refuses goes back to the page.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, useActionData, useParams, useRouteLoaderData } from "react-router";
import { ReturnAnswerForm } from "#app/components/return-forms";
import { returnAnswerSchema } from "#app/domain/deals/returns/return-schema";
import { answerReturn, type SellerAnswer } from "#app/domain/deals/returns/returns.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireRole } from "#app/utils/session.server";
import { shipmentSection } from "#app/utils/shipment-sections";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import type { loader as shipmentLoader } from "./dashboard.shipments.$bookingId";

export const handle = shipmentSection("return-answer");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireRole(request, context, ["seller"]);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const submission = parseWithZod(await requireFormData(request), { schema: returnAnswerSchema(context.env.currency) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { answer, amount, note } = submission.value;
  const chosen: SellerAnswer =
    answer === "accept"
      ? { answer }
      : answer === "offer"
        ? { answer, amountCents: amount!, note: note! }
        : { answer, note: note! };
  const result = await answerReturn(
    database(context.env.DB),
    chooseCarrier(context.env.settings),
    seller,
    bookingId.data,
    chosen,
    context.env.currency,
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    if (result.field) {
      return data(submission.reply({ fieldErrors: { [result.field]: [result.message] } }), { status: result.status });
    }
    return redirectWithError(context, back, result.message);
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

export default function AnswerReturn() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { bookingId = "" } = useParams();
  const page = useRouteLoaderData<typeof shipmentLoader>("routes/dashboard.shipments.$bookingId");
  if (!page?.returnCard?.labelNote) return null;
  return (
    <ReturnAnswerForm
      action={`${shipmentPath(bookingId)}/return-answer`}
      labelNote={page.returnCard.labelNote}
      lastResult={lastResult}
    />
  );
}
