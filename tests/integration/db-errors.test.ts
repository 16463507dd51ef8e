// Unique-index refusals are recognised in the errors D1 and drizzle really throw, alone and in
// a batch, and nothing else is mistaken for one.
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { categories } from "#db/schema";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe("isUniqueViolation", () => {
  it("recognises a unique index refusing a write, in a statement and in a batch", async () => {
    await insertCategory({ title: "Flash" });
    const again = () => db().insert(categories).values({ slug: "flash", title: "Flash" });
    expect(isUniqueViolation(await thrown(() => again()))).toBe(true);
    expect(isUniqueViolation(await thrown(() => db().batch([again()])))).toBe(true);
  });

  it("does not mistake other failures for one", async () => {
    const category = await insertCategory({ title: "Strap" });
    const seller = await insertUser({ role: "seller" });
    const broken = await thrown(() =>
      insertProduct({ sellerId: seller.id, categoryId: category.id, resalePriceCents: -1 }),
    );
    expect(String((broken as { cause?: unknown }).cause)).toMatch(/CHECK constraint failed/);
    expect(isUniqueViolation(broken)).toBe(false);
    expect(isUniqueViolation(new Error("network"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
