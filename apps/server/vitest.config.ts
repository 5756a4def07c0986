import { defineConfig } from "vitest/config";

// PGlite needs ~2 s and a few hundred MB per instance: one instance per test file, two files at a time.
export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/*.cluster.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
