// The closed lists that grow (ADR 0094): ledger kinds, deal operations' kinds and origins,
// notification kinds and claim reasons have no CHECK in the database, so a new value is a change
// of db/closed-lists.ts and needs no table rebuild. What keeps them closed instead: the typed
// columns (a write of an unknown value does not compile), the API's schemas (an unknown value is a
// 4xx), and the stored-values query (db/stored-list-values.ts) that the ledger's invariant runs
// after every money test and every fuzzed action.
import { applyD1Migrations, reset } from "cloudflare:test";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  CLAIM_REASONS,
  type ClaimReason,
  LEDGER_KINDS,
  LETTER_KINDS,
  type LedgerKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  OPERATION_KINDS,
  OPERATION_ORIGINS,
  type OperationKind,
  type OperationOrigin,
  RETURN_ADMIN_REASONS,
  RETURN_POLICIES,
  RETURN_PROBLEMS,
  RETURN_REASONS,
  RETURN_STATES,
} from "#db/closed-lists";
import { claims, dealOperations, ledgerEntries, notificationPreferences, testProviderMovements } from "#db/schema";
import { LIST_COLUMNS, unknownListValues } from "#db/stored-list-values";
import { insertUser } from "./factories";
import { ledgerViolations } from "./ledger-invariant";
import { apiCall, db, paidDeal } from "./money-fixtures";
import { freshStorage } from "./storage";
import { testEnv } from "./test-env";

/** The growing lists' columns: none has a CHECK, every one is typed by its list. */
const GROWING: Array<[string, string, readonly string[]]> = [
  ["ledger_entries", "kind", LEDGER_KINDS],
  ["test_provider_movements", "kind", LEDGER_KINDS],
  ["reconciliation_differences", "ledger_kind", LEDGER_KINDS],
  ["deal_operations", "kind", OPERATION_KINDS],
  ["deal_operations", "origin", OPERATION_ORIGINS],
  ["notification_preferences", "kind", NOTIFICATION_KINDS],
  ["email_outbox", "kind", LETTER_KINDS],
  ["claims", "reason", CLAIM_REASONS],
  ["products", "return_policy", RETURN_POLICIES],
  ["bookings", "return_policy", RETURN_POLICIES],
  ["returns", "reason", RETURN_REASONS],
  ["returns", "state", RETURN_STATES],
  ["returns", "problem", RETURN_PROBLEMS],
  ["returns", "to_admin_reason", RETURN_ADMIN_REASONS],
];

async function tableSql(table: string): Promise<string> {
  const row = await testEnv.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
    .bind(table)
    .first<{ sql: string }>();
  return row!.sql;
}

/** A deal with a claim, a refund decided on it and moved, a notification turned off: a row in each rebuilt table. */
async function dealWithEveryGrowingList() {
  const { buyer, booking, deal, seller } = await paidDeal(60_000);
  const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
    reason: "not_as_described",
    details: "The lens has fungus.",
  });
  expect(opened.status).toBe(201);
  const [claim] = await db().select().from(claims);
  const [operation] = await db()
    .insert(dealOperations)
    .values({
      paymentId: deal.paymentId,
      seq: 1,
      kind: "refund",
      origin: "claim_decision",
      claimId: claim!.id,
      amountCents: 1_000,
      status: "done",
      nextAttemptAt: new Date(),
    })
    .returning();
  await db().insert(ledgerEntries).values({
    kind: "refund",
    amountCents: 1_000,
    currency: "USD",
    provider: "test",
    providerRef: "re_test_growing",
    sellerId: seller.id,
    paymentId: deal.paymentId,
    operationId: operation!.id,
  });
  await db()
    .insert(testProviderMovements)
    .values({ providerRef: "re_test_growing", kind: "refund", amountCents: 1_000, currency: "USD" });
  await db().insert(notificationPreferences).values({ userId: buyer.user.id, kind: "price_dropped", enabled: false });
}

const REBUILT = ["claims", "deal_operations", "ledger_entries", "notification_preferences", "test_provider_movements"];

async function rowsOf(table: string) {
  return (await testEnv.DB.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()).results;
}

describe("the closed lists that grow", () => {
  it("are typed columns of the schema, read by the stored-values query", () => {
    for (const [table, column, values] of GROWING) {
      const found = LIST_COLUMNS.find((entry) => entry.table === table && entry.column === column);
      expect(found?.values, `${table}.${column}`).toEqual(values);
    }
  });

  it("have no CHECK: a new value needs no table rebuild", async () => {
    for (const [table, column] of GROWING) {
      const created = (await tableSql(table)).replace(/\s+/g, " ");
      expect(created, `${table}.${column}`).not.toMatch(new RegExp(`CHECK\\(\\s*"${table}"\\."${column}" in \\(`));
    }
  });

  it("find nothing unknown in a database the product filled", async () => {
    await dealWithEveryGrowingList();
    expect(await unknownListValues(testEnv.DB)).toEqual([]);
  });

  it("find a value written past the types, and the ledger's invariant fails on it", async () => {
    await dealWithEveryGrowingList();
    await testEnv.DB.prepare("UPDATE ledger_entries SET kind = 'bonus' WHERE kind = 'refund'").run();
    await testEnv.DB.prepare("UPDATE claims SET reason = 'changed_my_mind'").run();
    await testEnv.DB.prepare("UPDATE notification_preferences SET kind = 'parcel_teleported'").run();
    expect(await unknownListValues(testEnv.DB)).toEqual(
      expect.arrayContaining([
        "ledger_entries.kind = 'bonus' (1 rows)",
        "claims.reason = 'changed_my_mind' (1 rows)",
        "notification_preferences.kind = 'parcel_teleported' (1 rows)",
      ]),
    );
    expect(await ledgerViolations(testEnv.DB)).toContain(
      "stored value outside its closed list: ledger_entries.kind = 'bonus'",
    );
  });

  it("are refused by the API when unknown: a claim's reason, a notification kind", async () => {
    const { buyer, booking } = await paidDeal(40_000);
    const claim = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
      reason: "changed_my_mind",
      details: "I want my money back.",
    });
    expect(claim.status).toBe(422);
    expect(await claim.text()).toContain("reason");
    expect(await db().select().from(claims)).toEqual([]);
    const user = await insertUser({ role: "buyer" });
    const setting = await apiCall(user.id, "PUT", "/api/settings/notifications", { return_requested_typo: false });
    expect([400, 422]).toContain(setting.status);
    expect(await db().select().from(notificationPreferences)).toEqual([]);
  });

  it("are written typed: an unknown value does not compile", () => {
    // The type checker's checks (npx tsc): what a write of each column takes is its list.
    type Insert<T extends { $inferInsert: object }> = T["$inferInsert"];
    expectTypeOf<Insert<typeof ledgerEntries>["kind"]>().toEqualTypeOf<LedgerKind>();
    expectTypeOf<Insert<typeof testProviderMovements>["kind"]>().toEqualTypeOf<LedgerKind>();
    expectTypeOf<Insert<typeof dealOperations>["kind"]>().toEqualTypeOf<OperationKind>();
    expectTypeOf<Insert<typeof dealOperations>["origin"]>().toEqualTypeOf<OperationOrigin>();
    expectTypeOf<Insert<typeof claims>["reason"]>().toEqualTypeOf<ClaimReason>();
    expectTypeOf<Insert<typeof notificationPreferences>["kind"]>().toEqualTypeOf<NotificationKind>();
    expectTypeOf<"bonus">().not.toExtend<Insert<typeof ledgerEntries>["kind"]>();
  });

  it("lost their CHECKs in migration 0020 with every row, index and foreign key kept", async () => {
    const migrations = testEnv.TEST_MIGRATIONS;
    const at = migrations.findIndex((migration) => migration.name.startsWith("0020_"));
    expect(at).toBeGreaterThan(0);
    await reset();
    // The product's code fills the database: later migrations that touch none of the rebuilt
    // tables (a column a user gains, a table of its own) are applied first, so what it writes
    // has its columns; the rebuilt tables stay as they were before 0020.
    const independent = migrations
      .slice(at + 1)
      .filter((migration) => !migration.queries.some((query) => REBUILT.some((table) => query.includes(table))));
    await applyD1Migrations(testEnv.DB, [...migrations.slice(0, at), ...independent]);
    await dealWithEveryGrowingList();
    const before = await Promise.all(REBUILT.map(rowsOf));
    expect(before.every((rows) => rows.length > 0)).toBe(true);
    // Foreign keys are enforced (D1's way): the old tables go while rows point at them.
    expect(await testEnv.DB.prepare("PRAGMA foreign_keys").first()).toEqual({ foreign_keys: 1 });
    await applyD1Migrations(testEnv.DB, migrations);
    expect(await Promise.all(REBUILT.map(rowsOf))).toEqual(before);
    expect((await testEnv.DB.prepare("PRAGMA foreign_key_check").all()).results).toEqual([]);
    expect(await unknownListValues(testEnv.DB)).toEqual([]);
    // The next test starts on the storage every other test starts on.
    await freshStorage();
  });
});
