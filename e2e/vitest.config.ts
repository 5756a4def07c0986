import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser tests against the built app and a real server (ARCHITECTURE §8). One file at a time:
// the machine has 2 cores, and each file drives its own Chromium next to the server.
export default defineConfig({
  test: {
    name: "e2e",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["tests/**/*.spec.ts"],
    globalSetup: ["support/global-setup.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
