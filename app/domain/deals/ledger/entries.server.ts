// The only code that writes the ledger (ADR 0058, ADR 0096): every movement once, named by the
// provider's id (unique per provider and kind), never changed. A write that finds its movement
// already recorded (a retry, two runs at once) writes nothing. Its callers hand it typed values,
// or the select that reads them in the same statement (from the payment, the payout, the dispute),
// so a decision and its entries stay in one batch.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { LedgerKind } from "#db/closed-lists";
import { type InsertSelection, intoColumns } from "#db/insert-select";
import { ledgerEntries } from "#db/schema";

export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, "id" | "kind"> & { kind: LedgerKind };

/** An entry with its id, as it is written (a caller may read it back, e.g. for a notification). */
export type LedgerEntry = NewLedgerEntry & { id: string };

/** An entry with a fresh id. */
export const ledgerEntry = (entry: NewLedgerEntry): LedgerEntry => ({ id: crypto.randomUUID(), ...entry });

/** Records one movement, once. */
export function recordEntry(db: Database, entry: NewLedgerEntry | LedgerEntry) {
  return db
    .insert(ledgerEntries)
    .values("id" in entry ? entry : ledgerEntry(entry))
    .onConflictDoNothing();
}

/** What a movement read in the same statement is made of: every column but its id and kind. */
export type EntrySelection = Omit<InsertSelection<typeof ledgerEntries>, "id" | "kind">;

/** The selection of a movement of `kind` read from another table's row, for `recordEntryFrom`. */
export function entryColumns(kind: LedgerKind, values: EntrySelection): InsertSelection<typeof ledgerEntries> {
  return intoColumns(ledgerEntries, { id: sql`${crypto.randomUUID()}`, kind: sql`${kind}`, ...values });
}

const insertEntries = (db: Database) => db.insert(ledgerEntries);
type EntrySelect = Parameters<ReturnType<typeof insertEntries>["select"]>[0];

/**
 * Records the movements a select reads (built with `entryColumns`), once each: none when it
 * finds no row, so a movement can depend on the state it is read from (a payout that failed).
 */
export function recordEntryFrom(db: Database, select: EntrySelect | SQL) {
  return insertEntries(db)
    .select(select as EntrySelect)
    .onConflictDoNothing();
}
