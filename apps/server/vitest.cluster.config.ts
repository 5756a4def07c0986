import { defineConfig } from "vitest/config";

// Needs DATABASE_URL (and REDIS_URL for the scale-out checks); run with `npm run test:cluster`.
export default defineConfig({
  test: {
    name: "cluster",
    root: import.meta.dirname,
    include: ["test/**/*.cluster.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
