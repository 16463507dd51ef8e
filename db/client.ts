import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The one way the app talks to D1: a typed drizzle client over the binding. */
export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof database>;
export { schema };
