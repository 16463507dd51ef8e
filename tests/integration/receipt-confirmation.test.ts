// "I received it as described" (ADR 0098): a shipped deal's buyer may confirm only once the
// parcel is delivered, never while a claim or the bank's dispute is open; the confirmation asks
// first what it pays; the domain, the page's action and the REST API refuse the same early
// confirmation (a 409 and the reason on the API, an error toast on the page). After the release
// nothing offers a claim or says the money is held.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLAIM_MESSAGES } from "#app/domain/deals/claims/claims.server";
import { CONFIRMATION_MESSAGES, confirmationRefusal } from "#app/domain/deals/settlement/confirmation";
import { confirmReceipt, SETTLEMENT_MESSAGES } from "#app/domain/deals/settlement/decisions.server";
import { offlineRate } from "#app/domain/deals/shipping/offline-carrier";
import { formatMoney } from "#app/domain/shared/money";
import { claims, users } from "#db/schema";
import { get, postForm, sessionCookieFor } from "./auth-helpers";
import { insertUser, USD } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, db, dealState, offlineProvider, settings } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";
import { testEnv } from "./test-env";

const SENDER = { name: "Maya Lens", line1: "100 Court St", city: "Brooklyn", region: "NY" };
const LABEL_CENTS = offlineRate({
  parcel: "small",
  country: "US",
  fromPostalCode: "11201",
  to: { postalCode: "80202" },
});
/** $ 450.00 less the 8 % fee, the $ 14.00 shipping, less the label. */
const SELLER_RECEIVES = 45_000 - 3_600 + 1_400 - LABEL_CENTS;

/** The toast a redirect carries: its type and words, as the next page shows them. */
async function toastOf(response: Response) {
  expect(response.status).toBeLessThan(400);
  const toast = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pb_toast="));
  if (!toast) return null;
  const html = await (await get("/about", { Cookie: toast.split(";")[0]! })).text();
  return { type: /data-toast-type="([a-z]+)"/.exec(html)?.[1] ?? null, html };
}

/** A paid shipped deal whose seller bought the test carrier's label: its parcel waits for pickup. */
async function labelledDeal() {
  const world = await paidShippedDeal();
  const [seller] = await db().select({ name: users.name }).from(users).where(eq(users.id, world.seller.id));
  const buyerCookie = await sessionCookieFor(world.buyer.id);
  const page = (path: string) => get(path, { Cookie: buyerCookie }).then((response) => response.text());
  const confirmOnPage = (bookingId = world.bookingId) =>
    postForm("/dashboard/my_orders", { intent: "confirm-receipt", bookingId }, { Cookie: buyerCookie });
  const confirmOnApi = () => apiCall(world.buyer.id, "POST", `/api/bookings/${world.bookingId}/receipt`);
  const advance = async () =>
    expect((await apiCall(world.buyer.id, "POST", `/api/shipments/${world.bookingId}/test-advance`)).status).toBe(200);
  return { ...world, sellerName: seller!.name, buyerCookie, page, confirmOnPage, confirmOnApi, advance };
}

type World = Awaited<ReturnType<typeof labelledDeal>>;

/** Refused the same way by the domain, the REST API (409 and the reason) and the page (an error toast). */
async function expectRefused(world: World, message: string) {
  const domain = await confirmReceipt(db(), offlineProvider(), settings(), world.buyer, world.bookingId);
  expect(domain).toMatchObject({ ok: false, status: 409, message });
  const api = await world.confirmOnApi();
  expect(api.status).toBe(409);
  expect(await api.json()).toMatchObject({ error: { code: "conflict", message } });
  const toast = await toastOf(await world.confirmOnPage());
  expect(toast?.type).toBe("error");
  expect(toast?.html).toContain(message.split(":")[0]!.replaceAll("'", "&#x27;"));
  // Nothing offers it: not My Orders, not the parcel's page, not the API's order.
  const orders = await world.page("/dashboard/my_orders");
  expect(orders).not.toContain(`aria-label="I received it as described: ${world.product.name}"`);
  expect(await world.page(`/dashboard/shipments/${world.bookingId}`)).not.toContain("Arrived as described?");
  const listed = await (await apiCall(world.buyer.id, "GET", "/api/myOrders")).json<Array<Record<string, unknown>>>();
  const order = listed.find((row) => row._id === world.bookingId) as { deal: { mayConfirmReceipt: boolean } };
  expect(order.deal.mayConfirmReceipt).toBe(false);
  // The question, asked by address, says why not instead.
  const asked = await world.page(`/dashboard/my_orders?confirm=receipt&id=${world.bookingId}`);
  expect(asked).not.toContain("Yes, pay the seller");
  expect(asked).toContain(message.split(":")[0]!.replaceAll("'", "&#x27;"));
  expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");
}

describe("confirming receipt of a shipped order", () => {
  it("is refused before the parcel is sent, while it is picked up and on its way; allowed once delivered", async () => {
    const world = await labelledDeal();
    await expectRefused(world, CONFIRMATION_MESSAGES.notSent);

    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    // A label made is not a parcel sent: the carrier has it, the buyer does not.
    await expectRefused(world, CONFIRMATION_MESSAGES.notDelivered);
    await world.advance();
    await expectRefused(world, CONFIRMATION_MESSAGES.notDelivered);
    await world.advance();

    // Delivered: offered on My Orders and the parcel's page, and it asks first what it pays.
    const orders = await world.page("/dashboard/my_orders");
    expect(orders).toContain(`aria-label="I received it as described: ${world.product.name}"`);
    const parcel = await world.page(`/dashboard/shipments/${world.bookingId}`);
    expect(parcel).toContain("Arrived as described?");
    expect(parcel).toContain(`/dashboard/my_orders?confirm=receipt&amp;id=${world.bookingId}`);
    const asked = await world.page(`/dashboard/my_orders?confirm=receipt&id=${world.bookingId}`);
    expect(asked).toContain(
      `This pays ${world.sellerName} ${formatMoney(SELLER_RECEIVES, USD)} now and ends your buyer protection.`,
    );
    expect(asked).toContain("Yes, pay the seller");
    // Not yet: nothing moves.
    const kept = await postForm(
      `/dashboard/my_orders?confirm=receipt&id=${world.bookingId}`,
      { intent: "keep", bookingId: world.bookingId },
      { Cookie: world.buyerCookie },
    );
    expect(kept.headers.get("Location")).toBe("/dashboard/my_orders");
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");

    // Yes: released once, however often it is sent.
    const confirmed = await toastOf(await world.confirmOnPage());
    expect(confirmed?.type).toBe("success");
    expect(confirmed?.html).toContain("Thank you: the payment is released to the seller.");
    const again = await toastOf(await world.confirmOnPage());
    expect(again?.type).toBe("success");
    expect(again?.html).toContain("You have already confirmed receipt");
    const overApi = await world.confirmOnApi();
    expect(overApi.status).toBe(200);
    expect(await overApi.json()).toMatchObject({ decided: false, message: SETTLEMENT_MESSAGES.alreadyConfirmed });
    const state = await dealState(world.deal.paymentId);
    expect(state.deal.state).toBe("released");
    expect(state.count("transfer")).toBe(1);
    expect(state.net).toBe(SELLER_RECEIVES);
    await expectLedgerHolds(testEnv.DB);

    // After the release: no claim offered or accepted, and no words say the money is held.
    const after = await world.page("/dashboard/my_orders");
    expect(after).toContain("Released to the seller");
    expect(after).not.toContain("Report a problem");
    expect(after).not.toContain("held");
    expect(after).not.toContain(`aria-label="I received it as described: ${world.product.name}"`);
    const parcelAfter = await world.page(`/dashboard/shipments/${world.bookingId}`);
    expect(parcelAfter).not.toContain("Arrived as described?");
    expect(parcelAfter).not.toContain("held");
    const claim = await apiCall(world.buyer.id, "POST", `/api/bookings/${world.bookingId}/claim`, {
      reason: "not_as_described",
      details: "Too late.",
    });
    expect(claim.status).toBe(409);
    expect(await claim.json()).toMatchObject({ error: { message: CLAIM_MESSAGES.released } });
    const claimOnPage = await toastOf(
      await postForm(
        "/dashboard/my_orders",
        { intent: "claim", bookingId: world.bookingId, reason: "not_as_described", details: "Too late." },
        { Cookie: world.buyerCookie },
      ),
    );
    expect(claimOnPage?.type).toBe("error");
  });

  it("is refused while the buyer's claim is open, and while the bank disputes the payment", async () => {
    const claimed = await labelledDeal();
    expect((await apiCall(claimed.seller.id, "POST", `/api/shipments/${claimed.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    await claimed.advance();
    await claimed.advance();
    const opened = await apiCall(claimed.buyer.id, "POST", `/api/bookings/${claimed.bookingId}/claim`, {
      reason: "not_as_described",
      details: "The aperture ring is stuck.",
    });
    expect(opened.status).toBe(201);
    await expectRefused(claimed, CONFIRMATION_MESSAGES.claimOpen);
    const [claim] = await db().select().from(claims).where(eq(claims.bookingId, claimed.bookingId));
    expect(claim?.status).toBe("open");

    const disputed = await labelledDeal();
    expect(
      (await apiCall(disputed.seller.id, "POST", `/api/shipments/${disputed.bookingId}/label`, SENDER)).status,
    ).toBe(200);
    await disputed.advance();
    await disputed.advance();
    expect((await apiCall(disputed.buyer.id, "POST", `/api/bookings/${disputed.bookingId}/test-dispute`)).status).toBe(
      201,
    );
    await expectRefused(disputed, CONFIRMATION_MESSAGES.disputed);
  });

  it("is refused to anyone but the deal's buyer, and to input it cannot read, never with a 500", async () => {
    const world = await labelledDeal();
    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    await world.advance();
    await world.advance();
    const stranger = await insertUser({ role: "buyer" });
    // Another buyer: not found, on the API, the page's action, the question and in the domain.
    expect((await apiCall(stranger.id, "POST", `/api/bookings/${world.bookingId}/receipt`)).status).toBe(404);
    const strangerCookie = await sessionCookieFor(stranger.id);
    const onPage = await toastOf(
      await postForm(
        "/dashboard/my_orders",
        { intent: "confirm-receipt", bookingId: world.bookingId },
        { Cookie: strangerCookie },
      ),
    );
    expect(onPage?.type).toBe("error");
    const asked = await (
      await get(`/dashboard/my_orders?confirm=receipt&id=${world.bookingId}`, { Cookie: strangerCookie })
    ).text();
    expect(asked).not.toContain("Yes, pay the seller");
    expect(asked).toContain("There is no such paid order.");
    expect(await confirmReceipt(db(), offlineProvider(), settings(), stranger, world.bookingId)).toMatchObject({
      ok: false,
      status: 404,
    });
    // The seller, and the signed-out: refused by role.
    expect((await apiCall(world.seller.id, "POST", `/api/bookings/${world.bookingId}/receipt`)).status).toBe(403);
    expect((await apiCall(null, "POST", `/api/bookings/${world.bookingId}/receipt`)).status).toBe(401);
    // Bad input: an id it cannot read, no id at all.
    expect((await apiCall(world.buyer.id, "POST", "/api/bookings/%20nope%20/receipt")).status).toBe(404);
    const noId = await postForm("/dashboard/my_orders", { intent: "confirm-receipt" }, { Cookie: world.buyerCookie });
    expect((await toastOf(noId))?.type).toBe("error");
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");
  });
});

describe("the rule, as a pure function", () => {
  const held = {
    state: "held",
    sellerRemoved: false,
    claimOpen: false,
    disputed: false,
    parcel: null,
  } as const;
  it("lets a meetup be confirmed at once, a parcel once delivered or, tracked by its seller, once sent", () => {
    expect(confirmationRefusal(held)).toBeNull();
    expect(confirmationRefusal({ ...held, parcel: { status: "delivered", selfTracked: false } })).toBeNull();
    expect(confirmationRefusal({ ...held, parcel: { status: "in_transit", selfTracked: true } })).toBeNull();
    expect(confirmationRefusal({ ...held, parcel: { status: "awaiting_shipment", selfTracked: false } })).toBe(
      CONFIRMATION_MESSAGES.notSent,
    );
    expect(confirmationRefusal({ ...held, parcel: { status: "pre_transit", selfTracked: false } })).toBe(
      CONFIRMATION_MESSAGES.notDelivered,
    );
    expect(confirmationRefusal({ ...held, parcel: { status: "returned", selfTracked: false } })).toBe(
      CONFIRMATION_MESSAGES.notArrived,
    );
    expect(confirmationRefusal({ ...held, claimOpen: true })).toBe(CONFIRMATION_MESSAGES.claimOpen);
    expect(confirmationRefusal({ ...held, disputed: true })).toBe(CONFIRMATION_MESSAGES.disputed);
    expect(confirmationRefusal({ ...held, sellerRemoved: true })).toBe(CONFIRMATION_MESSAGES.sellerRemoved);
    expect(confirmationRefusal({ ...held, state: "released" })).toBe(CONFIRMATION_MESSAGES.notHeld);
  });
});
