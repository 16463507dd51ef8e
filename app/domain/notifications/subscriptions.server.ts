import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { subscribers } from "#db/schema";

/** Adds an email to the newsletter list; subscribing twice is not an error. */
export async function subscribe(db: Database, email: string): Promise<"subscribed" | "already"> {
  const inserted = await db
    .insert(subscribers)
    .values({ email })
    .onConflictDoNothing({ target: sql`lower(${subscribers.email})` as never })
    .returning({ id: subscribers.id });
  return inserted.length > 0 ? "subscribed" : "already";
}
