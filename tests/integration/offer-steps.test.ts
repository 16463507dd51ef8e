// The offer's transition table (offer-steps.ts) is the only list of allowed moves: every other
// move of every party from every state is refused and changes no row, every allowed one leads
// where the table says, and the scheduled job expires only the states the table lets it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answerOffer } from "#app/domain/deals/offers/offer-answers.server";
import { OFFER_TRANSITIONS, type OfferAction, offerTransition, stepResult } from "#app/domain/deals/offers/offer-steps";
import { expireOffersStatements } from "#app/domain/deals/offers/offers.server";
import { database } from "#db/client";
import { OFFER_STATUSES, type OfferStatus, type Role } from "#db/closed-lists";
import type { NewOffer } from "#db/factories";
import { offerRow } from "#db/factories";
import { bookings, offers, products } from "#db/schema";
import { insertBooking, insertCategory, insertProduct, insertUser, USD } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const HOUR = 3600 * 1000;
const ACTIONS: OfferAction[] = ["accept", "decline", "counter", "withdraw"];
const ASKING = 100_000;
const AMOUNT = 80_000;

async function people() {
  const category = await insertCategory({ title: `Steps ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser({ role: "buyer" });
  const admin = await insertUser({ role: "admin" });
  return { category, seller, buyer, admin };
}

/** An offer in `state` on a listing of its own, with what that state needs (a counter, a booking…). */
async function offerIn(state: OfferStatus, who: Awaited<ReturnType<typeof people>>) {
  const product = await insertProduct({
    sellerId: who.seller.id,
    categoryId: who.category.id,
    resalePriceCents: ASKING,
    offersAccepted: true,
    status: state === "accepted" ? "booked" : "available",
  });
  const extra: Partial<NewOffer> = { amountCents: AMOUNT };
  if (state === "countered") extra.counterCents = AMOUNT + 10_000;
  if (state === "declined") extra.declineReason = "seller_declined";
  if (state === "accepted") extra.bookingId = (await insertBooking(product, who.buyer.id, { priceCents: AMOUNT })).id;
  const [offer] = await db()
    .insert(offers)
    .values(offerRow(product, who.buyer.id, { status: state, ...extra }))
    .returning();
  return { product, offer: offer! };
}

/** Everything a step could touch: the offer, its listing, the listing's bookings. */
async function snapshot(offerId: string, productId: string) {
  const [offer] = await db().select().from(offers).where(eq(offers.id, offerId));
  const [product] = await db().select().from(products).where(eq(products.id, productId));
  const booked = await db().select().from(bookings).where(eq(bookings.productId, productId));
  return { offer, product, booked };
}

describe("the offer's transition table", () => {
  it("says each step by each actor leads to one state, and only a buyer makes an offer", () => {
    for (const t of OFFER_TRANSITIONS) {
      expect(stepResult(t.step, t.by)).toEqual({ to: t.to, declineReason: t.declineReason });
    }
    expect(OFFER_TRANSITIONS.filter((t) => t.from === null)).toEqual([
      { step: "make", by: "buyer", from: null, to: "open" },
    ]);
  });

  it("refuses every move it does not list, for every party and state, and changes no row", async () => {
    const who = await people();
    const actors: { role: Role; id: string }[] = [
      { role: "buyer", id: who.buyer.id },
      { role: "seller", id: who.seller.id },
      { role: "admin", id: who.admin.id },
    ];
    let refused = 0;
    for (const state of OFFER_STATUSES) {
      for (const actor of actors) {
        for (const action of ACTIONS) {
          const by = actor.role === "admin" ? null : actor.role;
          if (by && offerTransition(action, by, state)) continue;
          const { offer, product } = await offerIn(state, who);
          const before = await snapshot(offer.id, product.id);
          const result = await answerOffer(db(), actor, offer.id, action, {
            currency: USD,
            counterCents: AMOUNT + 5_000,
          });
          const label = `${actor.role} ${action} from ${state}`;
          // Refused, or (a step already done, e.g. accepting an accepted offer) answered as done.
          expect({ label, moved: result.ok && !result.replayed }).toEqual({ label, moved: false });
          if (result.ok) expect(result.events).toEqual([]);
          expect({ label, after: await snapshot(offer.id, product.id) }).toEqual({ label, after: before });
          refused += 1;
        }
      }
    }
    const allowed = OFFER_TRANSITIONS.filter((t) => t.by !== "system" && t.step !== "make").length;
    expect(refused).toBe(OFFER_STATUSES.length * actors.length * ACTIONS.length - allowed);
  });

  it("lets every move it lists through, to the state it names", async () => {
    const who = await people();
    for (const t of OFFER_TRANSITIONS) {
      if (t.by === "system" || t.step === "make" || t.from === null) continue;
      const { offer } = await offerIn(t.from, who);
      const actor = t.by === "buyer" ? who.buyer : who.seller;
      const result = await answerOffer(db(), actor, offer.id, t.step as OfferAction, {
        currency: USD,
        counterCents: AMOUNT + 5_000,
      });
      expect({ step: `${t.by} ${t.step} from ${t.from}`, ok: result.ok }).toEqual({
        step: `${t.by} ${t.step} from ${t.from}`,
        ok: true,
      });
      const [after] = await db().select().from(offers).where(eq(offers.id, offer.id));
      expect(after!.status).toBe(t.to);
      expect(after!.declineReason ?? undefined).toBe(t.declineReason);
    }
  });

  it("lets the scheduled job expire only the states it lists, and nothing else", async () => {
    const who = await people();
    const made = [];
    for (const state of OFFER_STATUSES) made.push({ state, ...(await offerIn(state, who)) });
    const before = await Promise.all(made.map((m) => snapshot(m.offer.id, m.product.id)));
    await db().batch(expireOffersStatements(db(), { dueBy: Date.now() + 100 * HOUR, limit: 1_000 }));
    for (const [index, m] of made.entries()) {
      const after = await snapshot(m.offer.id, m.product.id);
      const move = offerTransition("expire", "system", m.state);
      if (move) {
        expect(after.offer!.status).toBe(move.to);
        expect({ ...after.offer, status: m.state, updatedAt: null }).toEqual({
          ...before[index]!.offer,
          updatedAt: null,
        });
      } else {
        expect({ state: m.state, after }).toEqual({ state: m.state, after: before[index] });
      }
    }
    const expiredNow = await Promise.all(
      made.map(async (m) => (await snapshot(m.offer.id, m.product.id)).offer!.status),
    );
    expect(expiredNow.filter((status) => status === "expired")).toHaveLength(
      1 + OFFER_TRANSITIONS.filter((t) => t.step === "expire").length,
    );
  });
});
