// Returns (ADR 0107) through the REST API and the scheduled job, against the real migrations: a
// fault sent back with the test carrier's prepaid label and refunded by the job, the label what
// the seller owes; a decline decided by the admin; an offer kept; a serial that comes back
// different stops the refund; the clocks; and the refusals (the wrong user, the wrong role, bad
// input, a double submit, parallel answers). The ledger's invariant holds after each.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RETURN_ANSWER_DAYS, RETURN_CHECK_DAYS, RETURN_SEND_DAYS } from "#app/domain/deals/parcels/clock";
import { getSellerAmounts } from "#app/domain/deals/payouts/summary.server";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { RETURN_MESSAGES } from "#app/domain/deals/returns/return-words";
import { offlineCarrier } from "#app/domain/deals/shipping/offline-carrier";
import { advanceOfflineReturn } from "#app/domain/deals/shipping/return-parcels.server";
import { deals, ledgerEntries, returns, savedAddresses } from "#db/schema";
import { get, postForm, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, DAY, db, dealState, settings, tick } from "./money-fixtures";
import { deliverLabelled, type ProductColumns, paidShippedDeal, sendAndDeliver } from "./shipping-fixtures";
import { testEnv } from "./test-env";

type Json = Record<string, unknown> & {
  return: Record<string, unknown> | null;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
};

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

/** The seller's kept sender address, where return labels go (Settings → Addresses). */
async function keepSenderAddress(sellerId: string) {
  await db().insert(savedAddresses).values({
    userId: sellerId,
    kind: "sender",
    isDefault: true,
    recipient: "Sam Seller",
    line1: "1 Front St",
    line2: null,
    city: "Brooklyn",
    region: "NY",
    postalCode: "11201",
    country: "US",
  });
}

/** A shipped deal, paid and delivered with the seller's own tracking, its seller's sender address kept. */
async function deliveredDeal(columns: ProductColumns = {}) {
  const world = await paidShippedDeal(columns);
  await sendAndDeliver(
    world.seller.id,
    world.bookingId,
    `94001${crypto.randomUUID().replace(/\D/g, "").slice(0, 17).padEnd(17, "0")}`,
  );
  await keepSenderAddress(world.seller.id);
  return world;
}

const ask = (buyerId: string, bookingId: string, body: unknown) =>
  apiCall(buyerId, "POST", `/api/bookings/${bookingId}/return`, body);
const answer = (sellerId: string, bookingId: string, body: unknown) =>
  apiCall(sellerId, "POST", `/api/bookings/${bookingId}/return/answer`, body);

async function returnRow(bookingId: string) {
  const [row] = await db().select().from(returns).where(eq(returns.bookingId, bookingId));
  return row!;
}

/** The test carrier picks the return up and delivers it to the seller. */
async function deliverReturn(userId: string, bookingId: string) {
  for (let step = 0; step < 2; step++) {
    const moved = await advanceOfflineReturn(db(), offlineCarrier(), { id: userId, role: "buyer" }, bookingId);
    expect(moved.ok).toBe(true);
  }
}

const FAULT = { reason: "does_not_work", details: "The autofocus hunts and never locks.\nTried two bodies." };

describe("a return for a fault", () => {
  it("goes back with a prepaid label, is delivered by the test carrier and refunded by the job; the label is what the seller owes", async () => {
    const world = await deliveredDeal();
    const asked = await ask(world.buyer.id, world.bookingId, FAULT);
    expect(asked.status).toBe(201);
    expect((await json(asked)).return).toMatchObject({ state: "requested", reason: "does_not_work" });
    // Nothing is released while it is open, not by the buyer's confirmation nor the job.
    const confirm = await apiCall(world.buyer.id, "POST", `/api/bookings/${world.bookingId}/receipt`);
    expect(confirm.status).toBe(409);
    await tick(Date.now() + 30 * DAY);
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");
  });

  it("is accepted once, however many answers arrive together, and the buyer gets the label", async () => {
    const world = await deliveredDeal();
    expect((await ask(world.buyer.id, world.bookingId, FAULT)).status).toBe(201);
    const answers = await Promise.all([
      answer(world.seller.id, world.bookingId, { answer: "accept" }),
      answer(world.seller.id, world.bookingId, { answer: "accept" }),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const row = await returnRow(world.bookingId);
    expect(row).toMatchObject({ state: "accepted", carrierProvider: "offline", parcelStatus: "pre_transit" });
    expect(row.trackingNumber).toMatch(/^RET/);
    expect(row.labelCostCents).toBeGreaterThan(0);
    expect(row.sendBy!.getTime() - row.answeredAt!.getTime()).toBe(RETURN_SEND_DAYS * DAY);

    await deliverReturn(world.buyer.id, world.bookingId);
    const back = await returnRow(world.bookingId);
    expect(back).toMatchObject({ state: "delivered", parcelStatus: "delivered" });
    expect(back.checkDueAt!.getTime() - back.deliveredAt!.getTime()).toBe(RETURN_CHECK_DAYS * DAY);

    // Not refunded before the seller's time to check is over; refunded by the job after it.
    await tick(Date.now() + DAY);
    expect((await returnRow(world.bookingId)).state).toBe("delivered");
    await tick(Date.now() + (RETURN_CHECK_DAYS + 1) * DAY);
    const refunded = await returnRow(world.bookingId);
    expect(refunded).toMatchObject({ state: "refunded", outcome: "refund_full" });
    const money = await dealState(world.deal.paymentId);
    expect(money.deal.state).toBe("refunded");
    expect(money.refunded).toBe(money.charged);
    const [label] = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.providerRef, `return_label:${refunded.id}`));
    expect(label).toMatchObject({
      kind: "return_label",
      amountCents: refunded.labelCostCents,
      sellerId: world.seller.id,
    });
    // Payouts: the refund, the label owed, and nothing on its way to the seller's bank.
    const amounts = await getSellerAmounts(db(), world.seller.id, feeRuleOf(settings()));
    expect(amounts).toMatchObject({ onItsWay: 0, paid: 0, owed: refunded.labelCostCents, refunded: money.charged });
    // A second run of the job refunds nothing twice.
    await tick(Date.now() + (RETURN_CHECK_DAYS + 2) * DAY);
    expect((await dealState(world.deal.paymentId)).refunded).toBe(money.charged);
    await expectLedgerHolds(testEnv.DB);
  });

  it("is refunded at once when the seller says it came back as sent", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    await answer(world.seller.id, world.bookingId, { answer: "accept" });
    await deliverReturn(world.seller.id, world.bookingId);
    const checked = await apiCall(world.seller.id, "POST", `/api/bookings/${world.bookingId}/return/check`, {
      result: "as_sent",
    });
    expect(checked.status).toBe(200);
    expect((await json(checked)).return).toMatchObject({ state: "refunded" });
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("refunded");
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a return of a parcel sent with Pay&Buy's label", () => {
  it("leaves nothing on its way to the seller's bank: the refund, and the labels as the seller's to pay", async () => {
    const world = await paidShippedDeal();
    const sender = { name: "Sam Seller", line1: "1 Front St", city: "Brooklyn", region: "NY" };
    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, sender)).status).toBe(
      200,
    );
    await deliverLabelled(world.buyer.id, world.bookingId);
    await keepSenderAddress(world.seller.id);
    expect((await ask(world.buyer.id, world.bookingId, FAULT)).status).toBe(201);
    expect((await answer(world.seller.id, world.bookingId, { answer: "accept" })).status).toBe(200);
    await deliverReturn(world.buyer.id, world.bookingId);
    await tick(Date.now() + (RETURN_CHECK_DAYS + 1) * DAY);
    const refunded = await returnRow(world.bookingId);
    expect(refunded.state).toBe("refunded");
    const money = await dealState(world.deal.paymentId);
    expect(money.refunded).toBe(money.charged);
    const amounts = await getSellerAmounts(db(), world.seller.id, feeRuleOf(settings()));
    const entries = await db()
      .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, world.deal.paymentId));
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["charge", "refund", "return_label"]);
    // The return label is what the seller owes; it was never sent to them, so nothing is on its way.
    expect(amounts).toMatchObject({ onItsWay: 0, paid: 0, owed: refunded.labelCostCents, refunded: money.charged });
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("the item that comes back is the one that was sent", () => {
  const SERIAL = { gearKind: "lens" as const, serialNumber: "NK2081734" };

  it("asks the buyer for the serial of a lens whose seller recorded one", async () => {
    const world = await deliveredDeal(SERIAL);
    const asked = await ask(world.buyer.id, world.bookingId, FAULT);
    expect(asked.status).toBe(422);
    expect((await json(asked)).error?.fields?.serial).toEqual([RETURN_MESSAGES.serialRequired]);
    expect(await db().select().from(returns).where(eq(returns.bookingId, world.bookingId))).toEqual([]);
  });

  it("stops the refund when the serial read on arrival differs, and the admin decides", async () => {
    const world = await deliveredDeal(SERIAL);
    expect((await ask(world.buyer.id, world.bookingId, { ...FAULT, serial: "nk-2081734" })).status).toBe(201);
    expect((await returnRow(world.bookingId)).buyerSerial).toBe("NK2081734");
    await answer(world.seller.id, world.bookingId, { answer: "accept" });
    await deliverReturn(world.buyer.id, world.bookingId);
    const checked = await apiCall(world.seller.id, "POST", `/api/bookings/${world.bookingId}/return/check`, {
      result: "as_sent",
      serial: "NK2090001",
    });
    expect(checked.status).toBe(200);
    const row = await returnRow(world.bookingId);
    expect(row).toMatchObject({ state: "to_admin", toAdminReason: "serial_mismatch", sellerSerial: "NK2090001" });
    // The job refunds nothing: the admin decides.
    await tick(Date.now() + (RETURN_CHECK_DAYS + 1) * DAY);
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");
    // The parties see the serials masked; the admin in full.
    const asBuyer = await json(await apiCall(world.buyer.id, "GET", `/api/bookings/${world.bookingId}/return`));
    expect(asBuyer.sellerSerial).toBe("•••001");
    const admin = await insertUser({ role: "admin" });
    const listed = (await (await apiCall(admin.id, "GET", "/api/returns")).json()) as Array<Record<string, unknown>>;
    expect(listed.find((item) => item.bookingId === world.bookingId)).toMatchObject({
      serial: "NK2081734",
      sellerSerial: "NK2090001",
    });
    const decided = await apiCall(admin.id, "PUT", `/api/bookings/${world.bookingId}/return/decision`, {
      outcome: "release",
      note: "The serial that came back is not the one sold.",
    });
    expect(decided.status).toBe(200);
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("released");
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a declined return", () => {
  it("goes to the admin, who refunds the buyer; a second decision changes nothing", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    const noNote = await answer(world.seller.id, world.bookingId, { answer: "decline" });
    expect(noNote.status).toBe(422);
    const declined = await answer(world.seller.id, world.bookingId, {
      answer: "decline",
      note: "It worked when I sent it.",
    });
    expect(declined.status).toBe(200);
    expect(await returnRow(world.bookingId)).toMatchObject({ state: "to_admin", toAdminReason: "declined" });
    const admin = await insertUser({ role: "admin" });
    // Not the seller's or the buyer's to decide.
    const bySeller = await apiCall(world.seller.id, "PUT", `/api/bookings/${world.bookingId}/return/decision`, {
      outcome: "release",
    });
    expect(bySeller.status).toBe(403);
    const decisions = await Promise.all([
      apiCall(admin.id, "PUT", `/api/bookings/${world.bookingId}/return/decision`, { outcome: "refund_full" }),
      apiCall(admin.id, "PUT", `/api/bookings/${world.bookingId}/return/decision`, { outcome: "refund_full" }),
    ]);
    expect(decisions.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await returnRow(world.bookingId)).toMatchObject({ state: "decided", outcome: "refund_full" });
    const money = await dealState(world.deal.paymentId);
    expect(money.deal.state).toBe("refunded");
    expect(money.refunded).toBe(money.charged);
    await expectLedgerHolds(testEnv.DB);
  });

  it("goes to the admin when the seller does not answer in time", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    await tick(Date.now() + (RETURN_ANSWER_DAYS - 1) * DAY);
    expect((await returnRow(world.bookingId)).state).toBe("requested");
    await tick(Date.now() + (RETURN_ANSWER_DAYS + 1) * DAY);
    expect(await returnRow(world.bookingId)).toMatchObject({ state: "to_admin", toAdminReason: "no_answer" });
  });
});

describe("an offer of a part back", () => {
  it("kept by the buyer: the part refunded, the rest released; declined: the admin decides", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    const tooMuch = await answer(world.seller.id, world.bookingId, {
      answer: "offer",
      amount: "9999",
      note: "All of it",
    });
    expect(tooMuch.status).toBe(422);
    expect((await json(tooMuch)).error?.fields?.amount).toBeDefined();
    const offered = await answer(world.seller.id, world.bookingId, {
      answer: "offer",
      amount: "60.00",
      note: "A small scratch: keep it for $ 60 back.",
    });
    expect(offered.status).toBe(200);
    // Only the buyer answers it.
    const bySeller = await apiCall(world.seller.id, "POST", `/api/bookings/${world.bookingId}/return/offer`, {
      answer: "accept",
    });
    expect(bySeller.status).toBe(404);
    const kept = await apiCall(world.buyer.id, "POST", `/api/bookings/${world.bookingId}/return/offer`, {
      answer: "accept",
    });
    expect(kept.status).toBe(200);
    expect(await returnRow(world.bookingId)).toMatchObject({ state: "kept", refundCents: 6_000 });
    const money = await dealState(world.deal.paymentId);
    expect(money.deal.state).toBe("released");
    expect(money.refunded).toBe(6_000);
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a return's clocks and the deal", () => {
  it("lapses when it is not sent in time, and the protection window moves on by the time it was open", async () => {
    const world = await deliveredDeal();
    const [before] = await db().select().from(deals).where(eq(deals.paymentId, world.deal.paymentId));
    await ask(world.buyer.id, world.bookingId, FAULT);
    await answer(world.seller.id, world.bookingId, { answer: "accept" });
    // The test carrier would pick it up a day after the label: its step is the job's, so the
    // return's own clock is read first here by ticking only the return's due check.
    await db().update(returns).set({ carrierProvider: "shippo" }).where(eq(returns.bookingId, world.bookingId));
    const at = Date.now() + (RETURN_SEND_DAYS + 1) * DAY;
    await tick(at);
    expect((await returnRow(world.bookingId)).state).toBe("lapsed");
    const [after] = await db().select().from(deals).where(eq(deals.paymentId, world.deal.paymentId));
    expect(after!.releaseDueAt!.getTime()).toBeGreaterThan(before!.releaseDueAt!.getTime() + RETURN_SEND_DAYS * DAY);
    expect(after!.state).toBe("held");
  });
});

describe("who may ask for a return, and when", () => {
  it("refuses a stranger, the seller, a second return, a parcel not delivered, a change of mind on faults only, and bad input", async () => {
    const world = await deliveredDeal();
    const stranger = await insertUser({ role: "buyer" });
    expect((await ask(stranger.id, world.bookingId, FAULT)).status).toBe(404);
    expect((await ask(world.seller.id, world.bookingId, FAULT)).status).toBe(404);
    const mind = await ask(world.buyer.id, world.bookingId, { reason: "changed_mind", details: "Not for me" });
    expect(mind.status).toBe(409);
    expect((await json(mind)).error?.message).toBe(RETURN_MESSAGES.changedMindNotOffered);
    const bad = await ask(world.buyer.id, world.bookingId, { reason: "broken", details: "" });
    expect(bad.status).toBe(422);
    expect(Object.keys((await json(bad)).error?.fields ?? {}).sort()).toEqual(["details", "reason"]);
    const both = await Promise.all([
      ask(world.buyer.id, world.bookingId, FAULT),
      ask(world.buyer.id, world.bookingId, FAULT),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await db().select().from(returns).where(eq(returns.bookingId, world.bookingId))).toHaveLength(1);
    // A claim cannot be opened beside it.
    const claim = await apiCall(world.buyer.id, "POST", `/api/bookings/${world.bookingId}/claim`, {
      reason: "not_as_described",
      details: "Also this",
    });
    expect(claim.status).toBe(409);
    // The return's reads are the parties' and the admin's only.
    expect((await apiCall(stranger.id, "GET", `/api/bookings/${world.bookingId}/return`)).status).toBe(404);
    expect((await apiCall(world.seller.id, "GET", `/api/bookings/${world.bookingId}/return`)).status).toBe(200);

    const waiting = await paidShippedDeal();
    const early = await ask(waiting.buyer.id, waiting.bookingId, FAULT);
    expect(early.status).toBe(409);
    expect((await json(early)).error?.message).toBe(RETURN_MESSAGES.notDelivered);
  });

  it("lets a change of mind go back under a 14-day policy, the money held for its days, the label taken from the refund", async () => {
    const world = await deliveredDeal({ returnPolicy: "any_reason_14" });
    const [deal] = await db().select().from(deals).where(eq(deals.paymentId, world.deal.paymentId));
    expect(deal!.releaseDueAt!.getTime() - Date.now()).toBeGreaterThan(13 * DAY);
    expect(
      (await ask(world.buyer.id, world.bookingId, { reason: "changed_mind", details: "Too heavy for me." })).status,
    ).toBe(201);
    await answer(world.seller.id, world.bookingId, { answer: "accept" });
    await deliverReturn(world.buyer.id, world.bookingId);
    await tick(Date.now() + (RETURN_CHECK_DAYS + 1) * DAY);
    const row = await returnRow(world.bookingId);
    expect(row.state).toBe("refunded");
    const money = await dealState(world.deal.paymentId);
    expect(money.refunded).toBe(money.charged - row.labelCostCents!);
    expect(money.count("return_label")).toBe(0);
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("the admin's decision on Claims", () => {
  it("is made by the form on Claims, as a browser without JavaScript posts it, once", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    await answer(world.seller.id, world.bookingId, { answer: "decline", note: "It worked when I sent it." });
    const row = await returnRow(world.bookingId);
    const admin = await insertUser({ role: "admin" });
    const cookie = { Cookie: await sessionCookieFor(admin.id) };
    const claims = await (await get("/dashboard/claims", cookie)).text();
    expect(claims).toContain(`name="returnId" value="${row.id}"`);
    // Not the seller's to decide through the admin's form.
    const bySeller = await postForm(
      "/dashboard/claims/returns",
      { returnId: row.id, outcome: "release" },
      { Cookie: await sessionCookieFor(world.seller.id) },
    );
    expect(bySeller.status).toBe(403);
    expect((await returnRow(world.bookingId)).state).toBe("to_admin");

    const decided = await postForm(
      "/dashboard/claims/returns",
      { returnId: row.id, outcome: "refund_full", note: "" },
      cookie,
    );
    expect(decided.status).toBe(302);
    expect(decided.headers.get("Location")).toBe("/dashboard/claims");
    expect(await returnRow(world.bookingId)).toMatchObject({ state: "decided", outcome: "refund_full" });
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("refunded");
    // The same form again changes nothing.
    const again = await postForm("/dashboard/claims/returns", { returnId: row.id, outcome: "release" }, cookie);
    expect(again.status).toBe(302);
    expect((await returnRow(world.bookingId)).outcome).toBe("refund_full");
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a return parcel labelled through Shippo", () => {
  const SECRET = "whsec_shippo_returns";
  const env = { ...testEnv, SHIPPO_WEBHOOK_SECRET: SECRET };
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  const hook = async (status: string, date: string, trackingNumber: string) => {
    const { app } = await import("../../workers/app");
    const response = await app.request(
      `https://pay.test/api/webhooks/shippo?token=${SECRET}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          event: "track_updated",
          data: { carrier: "usps", tracking_number: trackingNumber, tracking_status: { status, status_date: date } },
        }),
      },
      env,
      ctx,
    );
    return ((await response.json()) as { outcome: string }).outcome;
  };

  it("is tracked by Shippo's webhook like an outgoing parcel: picked up, then back at the seller with the check's clock", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    await answer(world.seller.id, world.bookingId, { answer: "accept" });
    // As Shippo would have sold it: its tracking number, its carrier.
    const trackingNumber = `9202${crypto.randomUUID().replace(/\D/g, "").slice(0, 18).padEnd(18, "1")}`;
    await db()
      .update(returns)
      .set({ carrierProvider: "shippo", carrier: "USPS", trackingNumber })
      .where(eq(returns.bookingId, world.bookingId));
    const picked = new Date(Date.now() + DAY);
    const arrived = new Date(Date.now() + 3 * DAY);
    expect(await hook("TRANSIT", picked.toISOString(), trackingNumber)).toBe("applied");
    expect((await returnRow(world.bookingId)).state).toBe("sent");
    expect(await hook("DELIVERED", arrived.toISOString(), trackingNumber)).toBe("applied");
    // Sent again: nothing changes.
    expect(await hook("DELIVERED", arrived.toISOString(), trackingNumber)).toBe("ignored_older");
    const back = await returnRow(world.bookingId);
    expect(back).toMatchObject({ state: "delivered", parcelStatus: "delivered", deliveredAt: arrived });
    expect(back.checkDueAt).toEqual(new Date(arrived.getTime() + RETURN_CHECK_DAYS * DAY));
    // The outgoing parcel is untouched.
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");
  });
});

describe("a chargeback during a return", () => {
  it("stops the return: the bank decides, and no step of the return moves the money", async () => {
    const world = await deliveredDeal();
    await ask(world.buyer.id, world.bookingId, FAULT);
    const disputed = await apiCall(world.buyer.id, "POST", `/api/bookings/${world.bookingId}/test-dispute`);
    expect(disputed.status).toBeLessThan(300);
    expect((await returnRow(world.bookingId)).state).toBe("stopped");
    const accepted = await answer(world.seller.id, world.bookingId, { answer: "accept" });
    expect(accepted.status).toBe(409);
    await tick(Date.now() + 10 * DAY);
    expect((await dealState(world.deal.paymentId)).deal.state).toBe("held");
    await expectLedgerHolds(testEnv.DB);
  });
});
