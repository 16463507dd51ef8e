// What the admin and the buyer are told about a chargeback's evidence and the offline provider's
// test controls (ADR 0081): the pages and the REST API say the same.
import type { DomainEvent } from "#app/domain/shared/events";

export const DISPUTE_MESSAGES = {
  notFound: "There is no such dispute.",
  closed: "The bank has decided this dispute: nothing more can be sent.",
  alreadySent: "Our evidence was sent to the bank already: the bank decides now.",
  sent: "Our evidence is sent to the bank.",
  providerFailed: "The payment provider did not take the evidence: try again in a few minutes.",
  testOnly: "Only the offline test provider can raise or settle a dispute from here.",
  noPayment: "There is no paid order of yours with that booking.",
  alreadyDisputed: "This payment is disputed already.",
  opened: "Test: the bank disputes this payment (a chargeback). Nothing of it moves until the bank decides.",
  decided: (outcome: "won" | "lost") =>
    outcome === "won"
      ? "Test: the bank decided for Pay&Buy; the deal goes on."
      : "Test: the bank decided for the buyer.",
} as const;

export type DisputeResult =
  | { ok: true; message: string; events: DomainEvent[] }
  | { ok: false; status: 404 | 409 | 502; message: string };
