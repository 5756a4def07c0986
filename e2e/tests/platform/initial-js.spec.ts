import { describe, expect, it } from "vitest";
import { formatInitialJs, initialScripts, measureInitialJs } from "../../../scripts/measure-initial-js.mjs";
import { WEB_DIST_DIR } from "../../support/server";

// BENCHMARKS B6 keeps the landing page light; 120 KB gzip is the foundation's budget.
const BUDGET_GZIP_BYTES = 120 * 1024;

describe("landing page JavaScript budget", () => {
  it("the initial JavaScript of the landing page is at most 120 KB gzip", async () => {
    const measurement = await measureInitialJs(WEB_DIST_DIR);
    console.log(formatInitialJs(measurement));
    for (const file of measurement.files) {
      console.log(`  ${file.kind.padEnd(13)} ${file.path} ${(file.gzipBytes / 1024).toFixed(1)} KB gzip`);
    }
    expect(measurement.files.filter((file) => file.kind === "entry")).toHaveLength(1);
    expect(measurement.totalGzipBytes).toBeGreaterThan(0);
    expect(measurement.totalGzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

describe("what counts as initial JavaScript", () => {
  it("counts the entry module, modulepreloads, registerSW.js and classic scripts, not styles or lazy chunks", () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
      <link rel='modulepreload' href=/assets/router-c3.js>
      <link rel="stylesheet" href="/assets/index-d4.css">
      <link rel="prefetch" href="/assets/chat-e5.js">
      <script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script>
      <script src="/theme-init.js"></script>
      <script>window.inline = true</script>
    </head></html>`;
    expect(initialScripts(html)).toEqual([
      { url: "/assets/index-a1.js", kind: "entry" },
      { url: "/assets/react-b2.js", kind: "modulepreload" },
      { url: "/assets/router-c3.js", kind: "modulepreload" },
      { url: "/registerSW.js", kind: "register-sw" },
      { url: "/theme-init.js", kind: "script" },
    ]);
  });
});
