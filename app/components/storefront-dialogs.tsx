import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "react-router";
import type { BookingDialogData, ReportDialogData, WishlistDialogData } from "#app/utils/storefront.server";
import { BookingDialog } from "./booking-dialog";
import { ReportDialog } from "./report-dialog";
import { WishlistDialog } from "./wishlist-dialog";

/**
 * The dialogs a storefront page's URL opens (`?book=`, `?report=`, `?wishlist=`), as
 * `loadStorefrontShell` loaded them; a refused booking or report comes back as the page's
 * action data (with JavaScript) and is shown in its dialog.
 */
export function StorefrontDialogs({
  dialogs,
}: {
  dialogs: {
    booking: BookingDialogData | null;
    report: ReportDialogData | null;
    wishlist?: WishlistDialogData | null;
  };
}) {
  const lastResult = useActionData() as SubmissionResult<string[]> | undefined;
  return (
    <>
      {dialogs.booking ? <BookingDialog dialog={dialogs.booking} lastResult={lastResult} /> : null}
      {dialogs.report ? <ReportDialog dialog={dialogs.report} lastResult={lastResult} /> : null}
      {dialogs.wishlist ? <WishlistDialog dialog={dialogs.wishlist} /> : null}
    </>
  );
}
