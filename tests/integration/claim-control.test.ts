// Whether the buyer can report a problem with an order, in every deal state, as the product says:
// while the payment is held, always (a claim keeps it held, even once the window has ended and the
// scheduled job has not released it yet); once released to the seller, never, as the release
// ended the buyer's protection (ADR 0098: "I received it as described" says so before it pays);
// refunded or settled outside, never; and only one claim per order. The expected answers, and the
// domain's reason for each refusal, are written here from the rules, not read from the code, so a
// page or an API that refuses (or offers) claims it should not fails: My Orders shows "Report a
// problem" exactly then, and the API opens the claim (201) or refuses it with a 409 saying why,
// writing no claim.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLAIM_MESSAGES } from "#app/domain/deals/claims/claims.server";
import { DEAL_STATES, type DealState } from "#db/closed-lists";
import { claims, deals } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { apiCall, DAY, db, paidDeal } from "./money-fixtures";

type Window = "within the window" | "after the window";

/** The product's answer: can the buyer open a claim about a deal in this state and window? */
const EXPECTED: Record<DealState, Record<Window, boolean>> = {
  held: { "within the window": true, "after the window": true },
  // Released, even within the window: the buyer's protection ended with the release (ADR 0098).
  released: { "within the window": false, "after the window": false },
  refunded: { "within the window": false, "after the window": false },
  settled_outside: { "within the window": false, "after the window": false },
};

/** Why the API refuses a claim about a deal in a state that allows none: the domain's words. */
const REFUSAL: Partial<Record<DealState, string>> = {
  released: CLAIM_MESSAGES.released,
  refunded: CLAIM_MESSAGES.notHeld,
  settled_outside: CLAIM_MESSAGES.notHeld,
};

const WINDOWS: Record<Window, number> = { "within the window": DAY, "after the window": -DAY };

async function dealIn(state: DealState, window: Window) {
  const paid = await paidDeal(50_000);
  await db()
    .update(deals)
    .set({ state, releaseDueAt: new Date(Date.now() + WINDOWS[window]) })
    .where(eq(deals.paymentId, paid.deal.paymentId));
  return { ...paid, cookie: await sessionCookieFor(paid.buyer.user.id) };
}

async function myOrders(cookie: string) {
  const response = await get("/dashboard/my_orders", { Cookie: cookie });
  expect(response.status).toBe(200);
  return response.text();
}

function claim(buyerId: string, bookingId: string) {
  return apiCall(buyerId, "POST", `/api/bookings/${bookingId}/claim`, {
    reason: "other",
    details: "line one\r\nline two",
  });
}

describe("Report a problem on My Orders and in the API", () => {
  it("covers every deal state", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...DEAL_STATES].sort());
  });

  for (const state of DEAL_STATES) {
    for (const window of Object.keys(WINDOWS) as Window[]) {
      const can = EXPECTED[state][window];
      it(`a deal ${state}, ${window}: the buyer ${can ? "can" : "cannot"} open a claim`, async () => {
        const { buyer, booking, product, cookie } = await dealIn(state, window);
        const page = await myOrders(cookie);
        // The order is on the page either way; only its control depends on the rule.
        expect(page).toContain(product.name);
        expect(page.includes(`Report a problem: ${product.name}`)).toBe(can);

        const opened = await claim(buyer.user.id, booking.id);
        expect(opened.status).toBe(can ? 201 : 409);
        if (!can) {
          expect(await opened.json()).toMatchObject({
            error: { status: 409, code: expect.any(String), message: REFUSAL[state] },
          });
        }
        // A refused claim writes nothing; an accepted one is the order's one claim.
        expect(await db().select().from(claims).where(eq(claims.bookingId, booking.id))).toHaveLength(can ? 1 : 0);
      });
    }
  }

  it("once a claim is open, neither the page nor the API offers a second one", async () => {
    const { buyer, booking, product, cookie } = await dealIn("held", "within the window");
    expect((await myOrders(cookie)).includes(`Report a problem: ${product.name}`)).toBe(true);
    expect((await claim(buyer.user.id, booking.id)).status).toBe(201);

    const page = await myOrders(cookie);
    expect(page).toContain(product.name);
    expect(page.includes(`Report a problem: ${product.name}`)).toBe(false);
    const again = await claim(buyer.user.id, booking.id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain("already opened a claim");
  });
});
