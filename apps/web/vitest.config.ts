import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { compiledCatalogs } from "./build/lingui-catalogs";

export default defineConfig({
  plugins: [react(), compiledCatalogs()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    setupFiles: ["./src/test/setup.ts"],
    // One jsdom and one module graph per worker, not per file (issue #37: the web project's CPU went from
    // 280 s to about 100 s). Files must not rely on fresh modules: src/test/setup.ts puts every store back
    // to its first state after each test (src/test/reset-stores.ts); keep module state in stores. Runs with
    // `--sequence.shuffle.files` pass.
    isolate: false,
    // Lazy pages are transformed on first use; a loaded 2-core machine needs more than the 5 s default,
    // and more than one find's 12 s (src/test/setup.ts).
    testTimeout: 30_000,
    // content-links.test.tsx renders every content page in its beforeAll: over 10 s at load 20 (its three
    // tests were then reported skipped, 2026-12-02).
    hookTimeout: 30_000,
  },
});
