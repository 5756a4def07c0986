// B6's measuring side: Lighthouse 12 (npm) in the machine's Chromium, default (mobile) settings —
// a Moto G Power–class phone on slow 4G, simulated — the performance category only.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"];

/** Chromium as B6 runs it; its version is reported with the figures. */
export async function chromiumVersion() {
  return withChromium(async (chrome) => {
    const response = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
    return (await response.json()).Browser ?? "unknown";
  });
}

/**
 * One Lighthouse run of `url` in a fresh Chromium (as Lighthouse's CLI does: a reused browser
 * sometimes loses the trace, NO_NAVSTART). A run Lighthouse itself reports as failed is tried once more.
 */
export async function audit(url) {
  let lhr = await withChromium((chrome) => runLighthouse(chrome, url));
  if (lhr.runtimeError) lhr = await withChromium((chrome) => runLighthouse(chrome, url));
  const { runtimeError } = lhr;
  if (runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return lhr;
}

async function withChromium(action) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    return await action(chrome);
  } finally {
    chrome.kill();
  }
}

async function runLighthouse(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * The figures B6 reports from the median run (Lighthouse's own choice: the run nearest the median FCP
 * and TTI) and the score of every run. `entryPath` is the entry script's path (/assets/index-….js).
 */
export function summarize(lhrs, entryPath) {
  const lhr = computeMedianRun(lhrs);
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const entry = requests.find((request) => new URL(request.url).pathname === entryPath);
  const scripts = requests.filter((request) => request.resourceType === "Script");
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    scores: lhrs.map((run) => Math.round((run.categories.performance.score ?? 0) * 100)),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    speedIndexMs: numeric(lhr, "speed-index"),
    totalBytes: numeric(lhr, "total-byte-weight"),
    unusedJsBytes: lhr.audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0,
    entry: entry
      ? { transferBytes: entry.transferSize, resourceBytes: entry.resourceSize }
      : { transferBytes: Number.NaN, resourceBytes: Number.NaN },
    scriptTransferBytes: scripts.reduce((sum, request) => sum + request.transferSize, 0),
    scriptCount: scripts.length,
  };
}
