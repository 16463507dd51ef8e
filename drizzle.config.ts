import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./migrations",
  // Wrangler applies the files in migrations/ in name order; drizzle-kit writes them flat
  // (0000_name.sql) so both tools read the same folder.
  migrations: { prefix: "index" },
});
