import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser tests against the built app and real servers (ARCHITECTURE §8). Two files at a time by
// default (E2E_WORKERS): a file mostly waits on its browser and server (one at a time kept about half of
// the 2 cores idle), and each worker has a server of its own (support/global-setup.ts).
const workers = Number(process.env.E2E_WORKERS ?? "2");

export default defineConfig({
  test: {
    name: "e2e",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["tests/**/*.spec.ts"],
    globalSetup: ["support/global-setup.ts"],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
