import { defineConfig } from "vitest/config";

// One Vitest run covers the unit and integration suites of every workspace.
// Browser (e2e) and cluster suites have their own configs; scripts/test.mjs runs them when it can.
export default defineConfig({
  test: {
    projects: [
      "packages/shared",
      "apps/server",
      "apps/web",
      // The repository's own tooling: lint rules proven on fixtures (scripts/lint-boundaries.test.mjs)
      // and the benchmarks' judging rules on hand-made figures (bench/lib/*.test.mjs).
      {
        test: {
          name: "tooling",
          include: ["scripts/**/*.test.mjs", "bench/**/*.test.mjs"],
          testTimeout: 60_000,
        },
      },
    ],
    // 2 cores, and PGlite takes several hundred MB per instance: two test files at a time.
    maxWorkers: 2,
  },
});
