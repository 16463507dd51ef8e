// My Orders shows "Report a problem" exactly when a claim about the deal is accepted: one rule
// (canOpenClaim) for the page and for openClaim, in every deal state.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEAL_STATES } from "#db/closed-lists";
import { deals } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { apiCall, DAY, db, paidDeal } from "./money-fixtures";

describe("Report a problem on My Orders", () => {
  for (const state of DEAL_STATES) {
    it(`a deal ${state} within its window: the control is shown exactly when a claim is accepted`, async () => {
      const { buyer, booking, deal } = await paidDeal(50_000);
      await db()
        .update(deals)
        .set({ state, releaseDueAt: new Date(Date.now() + DAY) })
        .where(eq(deals.paymentId, deal.paymentId));
      const cookie = await sessionCookieFor(buyer.user.id);
      const page = await (await get("/dashboard/my_orders", { Cookie: cookie })).text();
      const shown = page.includes("Report a problem:");
      const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
        reason: "other",
        details: "line one\r\nline two",
      });
      expect({ state, shown }).toEqual({ state, shown: opened.status === 201 });
      // Once opened, neither offers a second claim.
      if (opened.status === 201) {
        const again = await (await get("/dashboard/my_orders", { Cookie: cookie })).text();
        expect(again.includes("Report a problem:")).toBe(false);
      }
    });
  }
});
