// Test factories: rows with believable defaults, written through the real schema.

import { database } from "../../db/client";
import { categories, products, users } from "../../db/schema";
import { testEnv as env } from "./test-env";

const db = () => database(env.DB);
let counter = 0;
const next = () => ++counter;

export async function insertUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(users)
    .values({ email: `user${n}@example.com`, name: `User ${n}`, role: "buyer", ...overrides })
    .returning();
  return row!;
}

export async function insertCategory(overrides: Partial<typeof categories.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(categories)
    .values({ slug: overrides.title.toLowerCase(), position: next(), ...overrides })
    .returning();
  return row!;
}

export async function insertProduct(
  overrides: Partial<typeof products.$inferInsert> & { sellerId: string; categoryId: string },
) {
  const n = next();
  const [row] = await db()
    .insert(products)
    .values({
      name: `Product ${n}`,
      description: "A well-kept item.",
      condition: "Good",
      originalPriceCents: 100_000,
      resalePriceCents: 60_000,
      purchaseYear: 2022,
      contact: "+1 415 555 0100",
      location: "Oakland, California",
      ...overrides,
    })
    .returning();
  return row!;
}
