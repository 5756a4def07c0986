import { defineConfig } from "drizzle-kit";

// Generates SQL migrations only (`npm run db:generate`); the server applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
