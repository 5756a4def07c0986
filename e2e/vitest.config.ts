import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser tests against the built app and real servers (ARCHITECTURE §8). Two files at a time by
// default (E2E_WORKERS): one at a time left a third or more of the 2 cores idle while a file waited on
// its page or its server (690 s, against 537–592 s two at a time); each worker has a server of its own
// (support/global-setup.ts).
const workers = Number(process.env.E2E_WORKERS ?? "2");

export default defineConfig({
  test: {
    name: "e2e",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["tests/**/*.spec.ts"],
    globalSetup: ["support/global-setup.ts"],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // A worker's files share its modules and its Chromium (support/browser.ts): playwright-core and the
    // support code load once per worker, and a file starts without launching a browser. No spec mocks a
    // module; each test still gets fresh browser contexts.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page's next state (a navigation, a lazy route, a socket's answer) on a slow 2-core machine can take
    // seconds; Vitest's default poll gives up after 1 s (2026-11-29: a 2.1 GHz machine failed "Start
    // Chatting goes to /chat" with the click made and the route still loading).
    expect: { poll: { timeout: 10_000 } },
  },
});
