// B6 (BENCHMARKS.md; issue #16): the web page on a phone. Heartline's web app and the floor — the empty
// Vite + React template (bench/baselines/b6-vite-react-template, create-vite's template-react) — are
// built the same way (vite build, brotli and gzip copies) into a temporary folder, each served by a
// production start of the real server (NODE_ENV=production, WEB_DIST_DIR pointing at the build) on the
// server core. Lighthouse (mobile, simulated slow 4G and a 4× slower CPU) audits the floor's `/`, and
// Heartline's `/`, a themed landing page and `/chat` in turn, B6_RUNS rounds (default 3); each page reports Lighthouse's median
// run. Chromium is not pinned: it is what is measured (the servers only send files), and its browser,
// renderer and network processes confined to one core of a shared 2-core machine measured the core's
// queue rather than the page. Initial JS is measured on the pages as the servers send them (issue #36:
// `/` is a prerendered page with scripts of its own, not the app's shell), each file gzipped at level 9.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { initialScripts, measureServedPage } from "../scripts/measure-initial-js.mjs";
import { audit, chromiumVersion, summarize } from "./lib/b6-lighthouse.mjs";
import { startOwnedNode } from "./lib/heartline-nodes.mjs";
import { SERVER_CORE } from "./lib/processes.mjs";
import { formatNumber as n } from "./lib/stats.mjs";

const RUNS = Number(process.env.B6_RUNS ?? 3);
/** Issue #36's bars: the landing pages against the template of the same run, /chat on its own. */
const BAR = {
  score: 95,
  scoreUnderFloor: 3,
  tbtOverFloorMs: 50,
  lcpOverFloorMs: 300,
  cls: 0.05,
  chatScore: 90,
  chatLcpMs: 2_000,
  initialJsOverFloorBytes: 40 * 1024,
};
/** A themed landing page (THEMED_LANDING_SLUGS), audited beside `/`: they share the landing page's scripts. */
const THEMED_PATH = "/talk-to-random-girls";
/** Issue #16's figures before compression (same Lighthouse, same machine, nothing compressed). */
const BEFORE = {
  "/": { score: 70, fcpMs: 4_100, lcpMs: 5_200, tbtMs: 120 },
  "/chat": { score: 62, fcpMs: 4_500, lcpMs: 5_900, tbtMs: 280 },
};

/** `vite build` of the project whose Vite config is `configFile`, into `outDir`. */
async function buildSite(configFile, outDir) {
  await build({
    root: path.dirname(configFile),
    configFile,
    build: { outDir, emptyOutDir: true },
    logLevel: "warn",
  });
  return { outDir };
}

/** The entry script's path in the page a server sends for `url`. */
async function entryPathOf(url) {
  const html = await (await fetch(url, { headers: { accept: "text/html" } })).text();
  const entryPath = initialScripts(html).find((script) => script.kind === "entry")?.url;
  if (!entryPath) throw new Error(`${url} has no entry script`);
  return entryPath;
}

async function run({ root, log }) {
  const workDir = await mkdtemp(path.join(tmpdir(), "heartline-b6-"));
  const nodes = [];
  try {
    const loadBefore = loadavg()[0];
    log("B6 building the web app and the template");
    const heartline = await buildSite(
      path.join(root, "apps/web/vite.config.ts"),
      path.join(workDir, "heartline"),
    );
    const floor = await buildSite(
      path.join(root, "bench/baselines/b6-vite-react-template/vite.config.js"),
      path.join(workDir, "template"),
    );
    for (const [name, site] of [
      ["heartline (production)", heartline],
      ["template (production)", floor],
    ]) {
      nodes.push(await startOwnedNode(root, { name, env: { WEB_DIST_DIR: site.outDir } }));
    }
    const [heartlineNode, floorNode] = nodes;
    const pages = [];
    for (const [site, node, pathname] of [
      ["template", floorNode, "/"],
      ["heartline", heartlineNode, "/"],
      ["heartline", heartlineNode, THEMED_PATH],
      ["heartline", heartlineNode, "/chat"],
    ]) {
      const url = `${node.url}${pathname}`;
      pages.push({
        site,
        pathname,
        url,
        entryPath: await entryPathOf(url),
        initialJs: await measureServedPage(node.url, pathname),
        lhrs: [],
      });
    }
    for (let round = 1; round <= RUNS; round += 1) {
      for (const page of pages) {
        const lhr = await audit(page.url);
        page.lhrs.push(lhr);
        const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
        log(`B6 round ${round}/${RUNS} ${page.site} ${page.pathname}: performance ${score}`);
      }
    }
    return {
      runs: RUNS,
      chromium: await chromiumVersion(),
      pages: pages.map(({ site, pathname, lhrs, entryPath, initialJs }) => ({
        site,
        pathname,
        initialJsGzipBytes: initialJs.totalGzipBytes,
        initialJsFiles: initialJs.files.length,
        entryFileBytes: initialJs.files.find((file) => file.kind === "entry")?.bytes ?? Number.NaN,
        ...summarize(lhrs, entryPath),
      })),
      loadAverage: { before: loadBefore, after: loadavg()[0] },
    };
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await rm(workDir, { recursive: true, force: true });
  }
}

const seconds = (ms) => `${n(ms / 1_000, 1)} s`;
const kb = (bytes) => `${n(bytes / 1024, 1)} KB`;
const verdict = (passed) => (passed ? "pass" : "**miss**");

function render(output) {
  const page = (site, pathname) => output.pages.find((p) => p.site === site && p.pathname === pathname);
  const home = page("heartline", "/");
  const chat = page("heartline", "/chat");
  const floor = page("template", "/");
  const landings = [home, page("heartline", THEMED_PATH)];
  const jsOverFloor = home.initialJsGzipBytes - floor.initialJsGzipBytes;
  const checks = [
    ...landings.flatMap((p) => [
      [
        `performance on \`${p.pathname}\` ≥ 95 and ≥ floor − 3`,
        p.score >= BAR.score && p.score >= floor.score - BAR.scoreUnderFloor,
      ],
      [`TBT on \`${p.pathname}\` ≤ floor + 50 ms`, p.tbtMs <= floor.tbtMs + BAR.tbtOverFloorMs],
      [`LCP on \`${p.pathname}\` ≤ floor + 0.3 s`, p.lcpMs <= floor.lcpMs + BAR.lcpOverFloorMs],
      [`CLS on \`${p.pathname}\` ≤ 0.05`, p.cls <= BAR.cls],
      [
        `initial JS of \`${p.pathname}\` ≤ floor + 40 KB gzip`,
        p.initialJsGzipBytes - floor.initialJsGzipBytes <= BAR.initialJsOverFloorBytes,
      ],
    ]),
    ["performance on `/chat` ≥ 90", chat.score >= BAR.chatScore],
    ["LCP on `/chat` ≤ 2.0 s", chat.lcpMs <= BAR.chatLcpMs],
  ];
  const missed = checks.filter(([, passed]) => !passed).map(([name]) => name);
  const measured =
    `\`/\` performance ${home.score} (floor ${floor.score}), LCP ${seconds(home.lcpMs)}, TBT ${n(home.tbtMs)} ms, ` +
    `CLS ${n(home.cls, 3)}; \`/chat\` ${chat.score}, LCP ${seconds(chat.lcpMs)}; initial JS of \`/\` ${kb(home.initialJsGzipBytes)} gzip ` +
    `(floor ${kb(floor.initialJsGzipBytes)}); ${missed.length === 0 ? "pass" : `**miss**: ${missed.join(", ")}`}`;
  const row = (p) =>
    `| ${p.site} \`${p.pathname}\` | ${p.score} (${p.scores.join(", ")}) | ${seconds(p.fcpMs)} | ${seconds(p.lcpMs)} | ` +
    `${n(p.tbtMs)} ms | ${n(p.cls, 3)} | ${seconds(p.speedIndexMs)} | ${kb(p.entry.transferBytes)} of ${kb(p.entry.resourceBytes)} | ` +
    `${kb(p.scriptTransferBytes)} in ${p.scriptCount} | ${kb(p.totalBytes)} | ${kb(p.unusedJsBytes)} |`;
  const before = (pathname) => {
    const was = BEFORE[pathname];
    const now = page("heartline", pathname);
    return (
      `- \`${pathname}\`: performance ${was.score} → ${now.score}, FCP ${seconds(was.fcpMs)} → ${seconds(now.fcpMs)}, ` +
      `LCP ${seconds(was.lcpMs)} → ${seconds(now.lcpMs)}, TBT ${n(was.tbtMs)} → ${n(now.tbtMs)} ms`
    );
  };
  const details = [
    `Lighthouse ${LIGHTHOUSE_VERSION} (npm), mobile defaults (simulated slow 4G, 4× CPU slowdown), performance category, ` +
      `in ${output.chromium} (\`--headless --no-sandbox --disable-gpu\`, not pinned); each server a production start ` +
      `(\`NODE_ENV=production\`) on core ${SERVER_CORE} serving its own build with brotli and gzip copies. ` +
      `${output.runs} rounds, floor and pages in turn; the median run (Lighthouse's: nearest the median FCP and TTI) ` +
      "is shown, every run's score in brackets.",
    "",
    "| page | performance | FCP | LCP | TBT | CLS | Speed Index | entry script transferred | scripts transferred | page weight | unused JS |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...output.pages.map(row),
    "",
    `- Initial JS as served (entry, modulepreloads, their static imports, classic scripts; gzip 9): ` +
      output.pages
        .map((p) => `${p.site} \`${p.pathname}\` ${kb(p.initialJsGzipBytes)} in ${p.initialJsFiles}`)
        .join(", ") +
      `; \`/\` over the floor by ${kb(jsOverFloor)} (bar ≤ 40 KB).`,
    `- Entry scripts as built: ${output.pages.map((p) => `${p.site} \`${p.pathname}\` ${kb(p.entryFileBytes)}`).join(", ")}; Lighthouse's transfer figure above is what the browser downloaded.`,
    ...checks.map(([name, passed]) => `- ${name}: ${verdict(passed)}`),
    "",
    "Before this run's changes (issue #16, nothing compressed: the entry script went out as 369,592 bytes):",
    before("/"),
    before("/chat"),
    "",
    `Load average (1 min) ${n(output.loadAverage.before, 2)} at the start of B6 and ${n(output.loadAverage.after, 2)} at its end: ` +
      "the 2-core machine is shared, and Lighthouse's simulated figures are computed from a real trace, so other work " +
      "on the machine lengthens them; compare with the floor of the same run.",
    "",
  ].join("\n");
  return { measured, details };
}

const LIGHTHOUSE_VERSION = JSON.parse(
  await readFile(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8"),
).version;

export const scenario = { id: "B6", title: "The web page on a phone (Lighthouse, mobile)", run, render };
