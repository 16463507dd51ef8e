// The request's read batcher (db/read-batcher.ts, ADR 0069): the reads a request starts in one
// turn go to D1 as one batch; a read that waits for another's result is a second round trip;
// writes are never held back nor merged; and a batched read whose columns share a name fails
// instead of showing one column's value under the other's name.
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { batchingReads } from "#db/read-batcher";
import { users } from "#db/schema";
import { countingD1 } from "../../bench/d1-counter";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

function batched(options = {}) {
  const trips = { count: 0 };
  const d1 = batchingReads(countingD1(testEnv.DB, trips), options);
  return { trips, d1, db: database(d1) };
}

describe("the read batcher", () => {
  it("sends the reads of one turn as one batch, each with its own answer", async () => {
    const { trips, d1, db } = batched();
    const a = await insertUser({ role: "buyer" });
    const b = await insertUser({ role: "seller" });
    const [rowsA, rowsB, one, raw, first, column] = await Promise.all([
      db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, a.id)),
      db.select({ name: users.name }).from(users).where(eq(users.id, b.id)),
      d1.prepare("select ? as one").bind(1).all(),
      d1.prepare("select 2 as two, 3 as three").raw(),
      d1.prepare("select 4 as four").first(),
      d1.prepare("select 5 as five").first("five"),
    ]);
    expect(trips.count).toBe(1);
    expect(rowsA).toEqual([{ id: a.id, role: "buyer" }]);
    expect(rowsB).toEqual([{ name: b.name }]);
    expect(one.results).toEqual([{ one: 1 }]);
    expect(raw).toEqual([[2, 3]]);
    expect(first).toEqual({ four: 4 });
    expect(column).toBe(5);
  });

  it("waits for the turn to end, so reads started after an awaited step in memory come along", async () => {
    const { trips, db } = batched();
    const user = await insertUser({ role: "buyer" });
    const later = (async () => {
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode("a signature check"));
      return db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    })();
    const [now, then] = await Promise.all([db.select({ one: sql<number>`1` }).from(users).limit(1), later]);
    expect(now).toHaveLength(1);
    expect(then).toEqual([{ id: user.id }]);
    expect(trips.count).toBe(1);
  });

  it("costs a second round trip, visibly, for a read that needs another's result", async () => {
    const { trips, db } = batched();
    const user = await insertUser({ role: "buyer" });
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    await db.select({ name: users.name }).from(users).where(eq(users.id, found!.id));
    expect(trips.count).toBe(2);
  });

  it("sends a write at once and alone, and a write batch exactly as built", async () => {
    const { trips, d1, db } = batched();
    const user = await insertUser({ role: "buyer" });
    const read = db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    const [, written] = await Promise.all([
      read,
      db.update(users).set({ name: "Renamed once" }).where(eq(users.id, user.id)),
    ]);
    expect(written.meta.changes).toBe(1);
    // The read and the write went each on its own: neither waited to be merged with the other.
    expect(trips.count).toBe(2);
    const pair = await db.batch([
      db.update(users).set({ name: "Renamed twice" }).where(eq(users.id, user.id)),
      db.select({ name: users.name }).from(users).where(eq(users.id, user.id)),
    ]);
    expect(pair[1]).toEqual([{ name: "Renamed twice" }]);
    expect(trips.count).toBe(3);
    expect(await d1.prepare("select name from users where id = ?").bind(user.id).first("name")).toBe("Renamed twice");
  });

  it("refuses a batched read whose columns share a name, naming them, when checking", async () => {
    const { db } = batched({ checkColumns: true });
    const user = await insertUser({ role: "buyer" });
    const other = alias(users, "other");
    const colliding = db
      .select({ id: users.id, otherId: other.id })
      .from(users)
      .innerJoin(other, eq(other.id, users.id))
      .where(eq(users.id, user.id));
    const [collided, aliased] = await Promise.allSettled([
      colliding,
      db
        .select({ id: users.id, otherId: sql<string>`${other.id}`.as("other_id") })
        .from(users)
        .innerJoin(other, eq(other.id, users.id))
        .where(eq(users.id, user.id)),
    ]);
    expect(collided.status).toBe("rejected");
    const reason = (collided as PromiseRejectedResult).reason as Error;
    expect(String(reason.cause ?? reason)).toMatch(/\["id","id"\].*alias/);
    expect(aliased).toEqual({ status: "fulfilled", value: [{ id: user.id, otherId: user.id }] });
    // Alone, the same read is not batched, and D1 keeps both columns.
    expect(await colliding).toEqual([{ id: user.id, otherId: user.id }]);
  });

  it("fails every read of a batch when one of them fails, with the database's error", async () => {
    const { db, d1 } = batched();
    const results = await Promise.allSettled([
      db.select({ id: users.id }).from(users).limit(1),
      d1.prepare("select * from no_such_table").all(),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    const reason = (results[1] as PromiseRejectedResult).reason as Error;
    expect(String(reason.cause ?? reason)).toMatch(/no such table/);
  });
});
