// A return's rules as pure functions (app/domain/deals/returns/steps.ts, ADR 0107): the reasons a
// policy takes, the refusals in their order, the serials compared, the shutter count's rise, the
// refund and who pays the label, and the return's own progress picture.
import { describe, expect, it } from "vitest";
import { RETURN_MESSAGES } from "#app/domain/deals/returns/return-words";
import {
  labelPayer,
  type ReturnFacts,
  returnProgress,
  returnReasonsFor,
  returnRefund,
  returnRefusal,
  serialsMatch,
  shutterRise,
} from "#app/domain/deals/returns/steps";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 3, 12);
const delivered = new Date(NOW - 2 * DAY);

const facts = (over: Partial<ReturnFacts> = {}): ReturnFacts => ({
  shipped: true,
  dealState: "held",
  disputed: false,
  claimOpen: false,
  hasReturn: false,
  arrived: true,
  releaseDueAt: new Date(NOW + DAY),
  policy: "faults_only",
  deliveredAt: delivered,
  ...over,
});

describe("a return's rules", () => {
  it("take a change of mind only under an any-reason policy and within its days", () => {
    expect(returnReasonsFor("faults_only", delivered, NOW)).not.toContain("changed_mind");
    expect(returnReasonsFor("any_reason_14", delivered, NOW)).toContain("changed_mind");
    expect(returnReasonsFor("any_reason_14", delivered, NOW + 13 * DAY)).not.toContain("changed_mind");
    expect(returnReasonsFor("any_reason_30", delivered, NOW + 13 * DAY)).toContain("changed_mind");
    expect(returnReasonsFor("any_reason_30", null, NOW)).not.toContain("changed_mind");
  });

  it("refuse in order: a meetup, a second return, a chargeback, money not held, a claim, not arrived, the window over", () => {
    expect(returnRefusal(facts(), NOW)).toBeNull();
    expect(returnRefusal(facts({ shipped: false }), NOW)).toBe(RETURN_MESSAGES.meetup);
    expect(returnRefusal(facts({ hasReturn: true, disputed: true }), NOW)).toBe(RETURN_MESSAGES.already);
    expect(returnRefusal(facts({ disputed: true, dealState: "released" }), NOW)).toBe(RETURN_MESSAGES.disputed);
    expect(returnRefusal(facts({ dealState: "released" }), NOW)).toBe(RETURN_MESSAGES.notHeld);
    expect(returnRefusal(facts({ claimOpen: true }), NOW)).toBe(RETURN_MESSAGES.claimOpen);
    expect(returnRefusal(facts({ arrived: false }), NOW)).toBe(RETURN_MESSAGES.notDelivered);
    expect(returnRefusal(facts({ releaseDueAt: new Date(NOW) }), NOW)).toBe(RETURN_MESSAGES.windowOver);
    expect(returnRefusal(facts(), NOW, "changed_mind")).toBe(RETURN_MESSAGES.changedMindNotOffered);
    expect(returnRefusal(facts({ policy: "any_reason_14" }), NOW + 13 * DAY, "changed_mind")).toBe(
      RETURN_MESSAGES.windowOver,
    );
    expect(
      returnRefusal(
        facts({ policy: "any_reason_14", releaseDueAt: new Date(NOW + 20 * DAY) }),
        NOW + 13 * DAY,
        "changed_mind",
      ),
    ).toBe(RETURN_MESSAGES.changedMindOver(14));
  });

  it("compare serials only where the listing recorded one", () => {
    expect(serialsMatch(null, "ANY", "OTHER")).toBe(true);
    expect(serialsMatch("NK1234", null, null)).toBe(true);
    expect(serialsMatch("NK1234", "NK1234", "NK1234")).toBe(true);
    expect(serialsMatch("NK1234", "NK9999", null)).toBe(false);
    expect(serialsMatch("NK1234", "NK1234", "NK9999")).toBe(false);
  });

  it("show a shutter count's rise only beyond a handful of test shots", () => {
    expect(shutterRise(12_000, 12_050)).toBeNull();
    expect(shutterRise(12_000, 12_051)).toBe(51);
    expect(shutterRise(null, 12_051)).toBeNull();
  });

  it("refund a fault in full with the seller paying the label, and a change of mind less the label", () => {
    expect(labelPayer("does_not_work")).toBe("seller");
    expect(labelPayer("changed_mind")).toBe("buyer");
    expect(returnRefund("damaged_in_transit", 46_400, 1_255)).toBe(46_400);
    expect(returnRefund("changed_mind", 46_400, 1_255)).toBe(45_145);
    expect(returnRefund("changed_mind", 1_000, 1_255)).toBe(0);
  });

  it("draw the return's way back, and none for a return that left it", () => {
    const times = {
      createdAt: new Date(NOW),
      answeredAt: new Date(NOW + DAY),
      shippedAt: null,
      deliveredAt: null,
      closedAt: null,
    };
    const steps = returnProgress("accepted", times)!;
    expect(steps.map((step) => [step.key, step.state])).toEqual([
      ["asked", "done"],
      ["answered", "now"],
      ["sent", "to_come"],
      ["back", "to_come"],
      ["refunded", "to_come"],
    ]);
    expect(steps[1]).toMatchObject({ at: times.answeredAt, note: "The buyer sends it within 5 days" });
    expect(
      returnProgress("refunded", { ...times, closedAt: new Date(NOW + 5 * DAY) })!.every(
        (step) => step.state === "done",
      ),
    ).toBe(true);
    expect(returnProgress("to_admin", times)).toBeNull();
    expect(returnProgress("lapsed", times)).toBeNull();
  });
});
