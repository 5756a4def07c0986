import { defineConfig } from "vitest/config";

// PGlite needs ~2 s and a few hundred MB per instance: one instance per test file, two files at a time,
// each a copy of one migrated database made once per run (test/global-setup.ts). Test files share their
// worker's modules (isolate: false): the server loads once per worker instead of once per file (~3 s
// each). No server test mocks a module or keeps module state across files; keep it so (runs with
// `--sequence.shuffle.files` pass).
export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/*.cluster.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
