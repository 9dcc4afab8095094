import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes a new SQL migration into server/storage/migrations after a schema change. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/storage/schema.ts",
  out: "./server/storage/migrations",
});
