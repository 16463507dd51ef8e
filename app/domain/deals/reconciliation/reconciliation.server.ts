// The daily reconciliation (ADR 0089): the ledger compared with the provider's own record of the
// money it moved (Stripe's balance transactions; offline, the test provider's movements), one
// run per provider and UTC day. Each side is read by its own day and each of its movements looked
// up on the other side whatever its day, by the provider's id:
// - "theirs": the provider's movements of the day, a page at a time (its cursor); one with no
//   ledger entry is missing on our side, one whose amount differs is recorded so;
// - "ours": then the ledger's entries of the day, a page at a time; one the provider does not hold
//   is missing on theirs.
// Only the ledger's kinds that name an object of the provider are compared (charge, transfer,
// refund, transfer_reversal, payout; RECONCILED_KINDS). A fee, a label and their refunds are the
// platform's share of a charge or a transfer, moved by no object of their own (a fee is named by
// its transfer's id, a label by its operation's); a chargeback's amount and fee, a seller's debt
// and its recovery are decisions of the ledger, not movements at the provider.
// A run is bounded per call (`bound` records), saves its cursor after every page, and resumes
// where it stopped after a failure or its bound; a done run does nothing. A difference is recorded
// once per provider, kind and id (a unique index), however often it is found.
import { and, asc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { PaymentProviderName, ReconciliationDifference } from "#db/closed-lists";
import { deals, ledgerEntries, reconciliationDifferences, reconciliationRuns, refunds } from "#db/schema";
import type { DayWindow, PaymentProvider, ProviderRecord, ReconciledKind } from "../providers/types";

/** Records (of either side) compared per call of the scheduled job. */
export const RECONCILIATION_BOUND = 200;
/** Records read per page (Stripe lists at most 100). */
export const RECONCILIATION_PAGE = 50;

const DAY_MS = 86_400_000;

/**
 * How long after midnight (UTC) the day before is reconciled: a movement made at the provider in
 * the day's last instant has its ledger entry written a moment later, and is found by then.
 */
export const RECONCILIATION_DELAY_MS = 3600 * 1000;

/** "2026-11-28": the UTC day of an instant. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The last day that is over (with the delay's slack) at `at`: the day the scheduled job reconciles. */
export function dayToReconcile(at: number): string {
  return utcDay(at - RECONCILIATION_DELAY_MS - DAY_MS);
}

export function dayWindow(day: string): DayWindow {
  const from = Date.parse(`${day}T00:00:00.000Z`);
  return { from, to: from + DAY_MS };
}

/** Where a run stopped: the side being read and the position after which it goes on. */
type Cursor = { side: "theirs"; after: string | null } | { side: "ours"; after: { at: number; id: string } | null };

function readCursor(text: string | null): Cursor {
  if (!text) return { side: "theirs", after: null };
  return JSON.parse(text) as Cursor;
}

/** A movement as the ledger knows it, named as the provider names it. */
interface OurMovement {
  kind: ReconciledKind;
  ref: string;
  amountCents: number;
  currency: string;
}

/**
 * The id the provider's record names a ledger entry by: a charge's is the deal's charge (Stripe's
 * ch_ of the PaymentIntent the payment records; offline, the same id), every other entry's its own.
 */
const comparedRef = sql<string>`case when ${ledgerEntries.kind} = 'charge'
  then coalesce(${deals.chargeRef}, ${ledgerEntries.providerRef}) else ${ledgerEntries.providerRef} end`;

const key = (movement: { kind: string; ref: string }) => `${movement.kind}:${movement.ref}`;

/**
 * Our record of the provider's movements: the ledger's entries, and the money given back before
 * a payment became a deal (a payment for a booking that could no longer be paid is refunded at
 * once and kept in `refunds`, not in the ledger).
 */
async function ourRecordOf(db: Database, provider: PaymentProviderName, records: ProviderRecord[]) {
  const found = new Map<string, OurMovement>();
  if (records.length === 0) return found;
  // One bound parameter however many ids (D1 binds at most 100 per statement).
  const refs = JSON.stringify([...new Set(records.map((record) => record.ref))]);
  const [entries, returned] = await Promise.all([
    db
      .select({
        kind: ledgerEntries.kind,
        ref: comparedRef,
        amountCents: ledgerEntries.amountCents,
        currency: ledgerEntries.currency,
      })
      .from(ledgerEntries)
      .leftJoin(deals, eq(deals.paymentId, ledgerEntries.paymentId))
      .where(
        and(
          eq(ledgerEntries.provider, provider),
          or(
            sql`${ledgerEntries.providerRef} in (select value from json_each(${refs}))`,
            sql`${deals.chargeRef} in (select value from json_each(${refs}))`,
          ),
        ),
      ),
    db
      .select({
        transactionId: refunds.transactionId,
        providerRefundId: refunds.providerRefundId,
        amountCents: refunds.amountCents,
        currency: refunds.currency,
      })
      .from(refunds)
      .where(
        and(
          eq(refunds.provider, provider),
          or(
            sql`${refunds.transactionId} in (select value from json_each(${refs}))`,
            sql`${refunds.providerRefundId} in (select value from json_each(${refs}))`,
          ),
        ),
      ),
  ]);
  for (const row of returned) {
    const money = { amountCents: row.amountCents, currency: row.currency };
    found.set(key({ kind: "charge", ref: row.transactionId }), { kind: "charge", ref: row.transactionId, ...money });
    if (row.providerRefundId) {
      found.set(key({ kind: "refund", ref: row.providerRefundId }), {
        kind: "refund",
        ref: row.providerRefundId,
        ...money,
      });
    }
  }
  for (const entry of entries) found.set(key(entry), entry as OurMovement);
  return found;
}

/** The ledger's entries of the day that the provider's record holds, a page after `after`. */
async function ourPage(
  db: Database,
  provider: PaymentProviderName,
  kinds: readonly ReconciledKind[],
  day: DayWindow,
  after: { at: number; id: string } | null,
  limit: number,
) {
  return db
    .select({
      id: ledgerEntries.id,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerEntries.kind,
      ref: comparedRef,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
    })
    .from(ledgerEntries)
    .leftJoin(deals, eq(deals.paymentId, ledgerEntries.paymentId))
    .where(
      and(
        eq(ledgerEntries.provider, provider),
        inArray(ledgerEntries.kind, [...kinds]),
        gte(ledgerEntries.createdAt, new Date(day.from)),
        lt(ledgerEntries.createdAt, new Date(day.to)),
        after
          ? or(
              gt(ledgerEntries.createdAt, new Date(after.at)),
              and(eq(ledgerEntries.createdAt, new Date(after.at)), gt(ledgerEntries.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    .limit(limit);
}

interface Found {
  kind: ReconciliationDifference;
  ref: string;
  ledgerKind: ReconciledKind;
  ourCents: number | null;
  theirCents: number | null;
  currency: string;
}

/** The difference between our record of a movement and theirs, if there is one. */
function compare(kind: ReconciledKind, ref: string, ours?: OurMovement, theirs?: ProviderRecord): Found | null {
  const base = { ref, ledgerKind: kind, ourCents: ours?.amountCents ?? null, theirCents: theirs?.amountCents ?? null };
  if (!ours && theirs) return { kind: "missing_ours", ...base, currency: theirs.currency };
  if (ours && !theirs) return { kind: "missing_theirs", ...base, currency: ours.currency };
  if (ours && theirs) {
    const same =
      ours.amountCents === theirs.amountCents && ours.currency.toLowerCase() === theirs.currency.toLowerCase();
    return same ? null : { kind: "amount_differs", ...base, currency: ours.currency };
  }
  return null;
}

export interface ReconcileResult {
  runId: string;
  status: "running" | "done";
  /** Records compared by this call. */
  checked: number;
  /** The run's differences, once it is done. */
  differences: number;
  error: string | null;
  events: DomainEvent[];
}

/**
 * One call of the day's reconciliation of `provider`, at most `bound` records: starts the run
 * or resumes it from its cursor; a run already done does nothing. A failure is kept on the run
 * (its cursor stays where the last page ended) and the next call goes on from there. The call
 * that finishes the run returns the admin's letter when it found differences.
 */
export async function reconcile(
  db: Database,
  provider: Pick<PaymentProvider, "name" | "records">,
  day: string,
  now: number,
  bound = RECONCILIATION_BOUND,
  page = RECONCILIATION_PAGE,
): Promise<ReconcileResult> {
  await db
    .insert(reconciliationRuns)
    .values({ provider: provider.name, day, startedAt: new Date(now) })
    .onConflictDoNothing();
  const [run] = await db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.provider, provider.name), eq(reconciliationRuns.day, day)))
    .limit(1);
  if (!run) throw new Error("The reconciliation's run was not recorded.");
  const result: ReconcileResult = {
    runId: run.id,
    status: run.status,
    checked: 0,
    differences: run.differences,
    error: null,
    events: [],
  };
  if (run.status === "done") return result;
  const window = dayWindow(day);
  const kinds = provider.records.kinds;
  let cursorText = run.cursor;
  try {
    while (result.checked < bound) {
      const cursor = readCursor(cursorText);
      const limit = Math.min(page, bound - result.checked);
      let found: Found[];
      let next: Cursor | null;
      let read: number;
      if (cursor.side === "theirs") {
        const listed = await provider.records.list(window, cursor.after, limit);
        const records = listed.records.filter((record) => kinds.includes(record.kind));
        const ours = await ourRecordOf(db, provider.name, records);
        found = records.flatMap((record) => compare(record.kind, record.ref, ours.get(key(record)), record) ?? []);
        read = listed.records.length;
        next = listed.next ? { side: "theirs", after: listed.next } : { side: "ours", after: null };
      } else {
        const entries = await ourPage(db, provider.name, kinds, window, cursor.after, limit);
        const movements = entries.map((entry) => ({ ...entry, kind: entry.kind as ReconciledKind }));
        const theirs = new Map((await provider.records.find(movements)).map((record) => [key(record), record]));
        found = movements.flatMap(
          (movement) => compare(movement.kind, movement.ref, movement, theirs.get(key(movement))) ?? [],
        );
        read = entries.length;
        const last = entries.at(-1);
        next =
          entries.length === limit && last
            ? { side: "ours", after: { at: last.createdAt.getTime(), id: last.id } }
            : null;
      }
      // A provider that answers an empty page with more to come would never end: its side ends.
      if (read === 0 && next?.side === cursor.side)
        next = cursor.side === "theirs" ? { side: "ours", after: null } : null;
      // The page's differences and the run's new position, together: a crash after this batch
      // resumes after this page, a crash before it reads the page again (recording twice is harmless).
      const nextText = next ? JSON.stringify(next) : null;
      const [moved] = await db.batch([
        db
          .update(reconciliationRuns)
          .set({
            cursor: nextText,
            checked: sql`${reconciliationRuns.checked} + ${read}`,
            lastError: null,
            updatedAt: new Date(now),
          })
          .where(
            and(
              eq(reconciliationRuns.id, run.id),
              eq(reconciliationRuns.status, "running"),
              // Compare-and-set: a call running at the same time moved it on; this one stops.
              sql`${reconciliationRuns.cursor} is ${cursorText}`,
            ),
          )
          .returning({ id: reconciliationRuns.id }),
        ...found.map((difference) =>
          db
            .insert(reconciliationDifferences)
            .values({
              runId: run.id,
              provider: provider.name,
              kind: difference.kind,
              providerRef: difference.ref,
              ledgerKind: difference.ledgerKind,
              ourCents: difference.ourCents,
              theirCents: difference.theirCents,
              currency: difference.currency,
              noticedAt: new Date(now),
            })
            .onConflictDoNothing(),
        ),
      ]);
      if (moved.length === 0) return result;
      result.checked += read;
      cursorText = nextText;
      if (!next) return finish(db, run.id, now, result);
    }
  } catch (error) {
    result.error = (error instanceof Error ? error.message : String(error)).slice(0, 500) || "Unknown error";
    console.error("The reconciliation stopped; the next run goes on from its cursor", run.id, error);
    await db
      .update(reconciliationRuns)
      .set({ lastError: result.error, updatedAt: new Date(now) })
      .where(eq(reconciliationRuns.id, run.id));
  }
  return result;
}

/** The run is done, with its count; the call that marked it tells the admin of its differences. */
async function finish(db: Database, runId: string, now: number, result: ReconcileResult) {
  const [done] = await db
    .update(reconciliationRuns)
    .set({
      status: "done",
      differences: sql`(select count(*) from ${reconciliationDifferences}
        where ${reconciliationDifferences.runId} = ${runId})`,
      finishedAt: new Date(now),
      updatedAt: new Date(now),
    })
    .where(and(eq(reconciliationRuns.id, runId), eq(reconciliationRuns.status, "running")))
    .returning({ differences: reconciliationRuns.differences });
  if (!done) return result;
  result.status = "done";
  result.differences = done.differences;
  if (done.differences > 0) result.events.push({ kind: "reconciliation_differences", runId });
  return result;
}
