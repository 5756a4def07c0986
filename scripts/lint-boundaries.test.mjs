// The architecture rules of `npm run lint` fail on a deliberate violation and stay quiet on the allowed
// imports. dependency-cruiser runs the repository's own .dependency-cruiser.cjs, with the lint script's own
// arguments, over the fixture tree scripts/lint-fixtures/boundaries (each file marks its VIOLATION and
// `allowed` imports); Biome runs the repository's biome.json over a probe tree written to a temp folder.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const FIXTURE = join(ROOT, "scripts/lint-fixtures/boundaries");
const DEPCRUISE = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const BIOME = join(ROOT, "node_modules/@biomejs/biome/bin/biome");
/** socket.io-client as resolved from the fixture folder (its types, since type imports count too). */
const SOCKET_IO_CLIENT = "../../../node_modules/socket.io-client/build/esm/index.d.ts";

/**
 * @param {string} script
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
function runNode(script, args, cwd) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolveRun({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * The depcruise arguments of the root `lint` script, as `npm run lint` passes them, except that the
 * config path (relative to the repository root) is made absolute to run from the fixture folder.
 */
async function lintDepcruiseArgs() {
  /** @type {{ scripts: Record<string, string> }} */
  const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
  const step = pkg.scripts.lint
    ?.split("&&")
    .map((part) => part.trim())
    .find((part) => part.startsWith("depcruise "));
  if (step === undefined) throw new Error("the lint script runs no depcruise step");
  const args = step.split(/\s+/).slice(1);
  return args.map((arg, index) => (args[index - 1] === "--config" ? join(ROOT, arg) : arg));
}

/** What each rule must report on the fixture tree: exactly these imports, once each. */
const EXPECTED_VIOLATIONS = {
  "no-deep-import-across-server-features": [
    "apps/server/src/features/a/bad-deep.ts → apps/server/src/features/b/y.ts",
  ],
  "no-deep-import-across-web-features": [
    "apps/web/src/features/c/bad-view.ts → apps/web/src/features/d/components/w.ts",
  ],
  "web-lazy-import-only-of-feature-pages": [
    "apps/web/src/features/c/bad-lazy.ts → apps/web/src/features/d/components/w.ts",
  ],
  "no-plugin-imports-feature": [
    "apps/server/src/plugins/bad-plugin.ts → apps/server/src/features/a/index.ts",
  ],
  "no-circular": ["apps/server/src/features/e/bad-cycle.ts → apps/server/src/features/f/index.ts"],
  "no-bench-deep-import-of-feature": ["bench/bad-bench.mjs → apps/server/src/features/b/y.ts"],
  "no-lower-layer-imports-upward": [
    "apps/server/src/lib/bad-lib-plugin.ts → apps/server/src/plugins/redis.ts",
    "apps/server/src/lib/bad-lib.ts → apps/server/src/features/a/index.ts",
  ],
  "socket-io-client-only-in-lib-socket": [`apps/web/src/features/c/bad-socket.ts → ${SOCKET_IO_CLIENT}`],
};

/** Every file that holds a deliberate violation is named `bad-*.ts` (`bad-*.mjs` in bench/); the rest is clean. */
const VIOLATING_FILES = "/bad-[a-z-]+\\.(ts|mjs)$";

describe("dependency-cruiser boundaries (.dependency-cruiser.cjs)", () => {
  /** @type {{ rule: { name: string }, from: string, to: string }[]} */
  let violations = [];
  /** @type {{ modules: { source: string, dependencies: { resolved: string, dynamic: boolean }[] }[] }} */
  let graph = { modules: [] };

  beforeAll(async () => {
    const config = join(ROOT, ".dependency-cruiser.cjs");
    const { stdout } = await runNode(
      DEPCRUISE,
      ["--config", config, "--output-type", "json", "apps", "bench"],
      FIXTURE,
    );
    const result = JSON.parse(stdout);
    violations = result.summary.violations;
    graph = result;
    // A cruise takes seconds on a loaded machine (the tooling project's test timeout).
  }, 60_000);

  it("fires each rule exactly once, on the import marked VIOLATION", () => {
    /** @type {Record<string, string[]>} */
    const byRule = {};
    for (const { rule, from, to } of violations) {
      byRule[rule.name] = [...(byRule[rule.name] ?? []), `${from} → ${to}`];
    }
    expect(byRule).toEqual(EXPECTED_VIOLATIONS);
  });

  it("stays quiet on the allowed imports, which the cruise did see", () => {
    const edges = graph.modules.flatMap((module) =>
      module.dependencies.map((dependency) => `${module.source} → ${dependency.resolved}`),
    );
    const allowed = [
      // Another feature through its index.ts, and the same feature.
      "apps/server/src/features/a/clean.ts → apps/server/src/features/b/index.ts",
      "apps/server/src/features/a/clean.ts → apps/server/src/features/a/z.ts",
      "apps/web/src/features/c/clean-view.ts → apps/web/src/features/d/index.ts",
      // React.lazy of another feature's page.
      "apps/web/src/features/c/clean-view.ts → apps/web/src/features/d/pages/d-page.ts",
      // A cycle's edges on their own: features through their index.ts (only the cycle is refused).
      "apps/server/src/features/f/index.ts → apps/server/src/features/e/index.ts",
      // bench/ through a feature's index.ts; a plugin on lib/.
      "bench/clean-bench.mjs → apps/server/src/features/b/index.ts",
      "apps/server/src/plugins/redis.ts → apps/server/src/lib/redis-client.ts",
      // Outside the features, through index.ts; the socket.io-client wrapper itself.
      "apps/web/src/app.ts → apps/web/src/features/c/index.ts",
      `apps/web/src/lib/socket.ts → ${SOCKET_IO_CLIENT}`,
    ];
    const flagged = violations.map(({ from, to }) => `${from} → ${to}`);
    for (const edge of allowed) {
      expect(edges).toContain(edge);
      expect(flagged).not.toContain(edge);
    }
  });

  it("makes the lint script's depcruise step fail, naming every rule", async () => {
    const args = await lintDepcruiseArgs();
    expect(args).toContain(join(ROOT, ".dependency-cruiser.cjs"));
    const { code, stdout } = await runNode(DEPCRUISE, args, FIXTURE);
    expect(code).not.toBe(0);
    for (const rule of Object.keys(EXPECTED_VIOLATIONS)) expect(stdout).toContain(`error ${rule}:`);
  });

  it("passes the lint script's depcruise step once the bad-*.ts files are left out", async () => {
    const args = await lintDepcruiseArgs();
    const { code, stdout } = await runNode(DEPCRUISE, [...args, "--exclude", VIOLATING_FILES], FIXTURE);
    expect(code).toBe(0);
    // The clean imports were all cruised (not skipped): 12 dependencies among the remaining modules.
    expect(stdout).toMatch(/no dependency violations found \(\d+ modules, 12 dependencies cruised\)/);
  });
});

describe("Biome naming and export rules (biome.json)", () => {
  /** @type {string} */
  let probe = "";
  /** Biome's findings as `path rule`, one per diagnostic. */
  let findings = /** @type {string[]} */ ([]);

  /** Files of the probe tree: path → content. */
  const PROBE_FILES = {
    // useFilenamingConvention: kebab-case, with the house suffixes.
    "apps/server/src/features/a/BadName.ts": "export const a = 1;\n",
    "apps/web/src/lib/useThing.ts": "export const b = 1;\n",
    "packages/shared/src/snake_case.ts": "export const c = 1;\n",
    "apps/server/src/features/a/a.routes.ts": "export const d = 1;\n",
    "apps/server/src/features/a/a.socket.ts": "export const e = 1;\n",
    "apps/server/test/a.cluster.test.ts": "export const f = 1;\n",
    "apps/web/src/features/x/x-view.spec.ts": "export const g = 1;\n",
    // noDefaultExport, and its exceptions: config files, React.lazy pages and the emoji picker panel.
    "apps/server/src/features/a/has-default.ts": "export default 1;\n",
    "apps/web/src/features/x/components/has-default.tsx": "export default 1;\n",
    "apps/web/src/features/x/pages/x-page.tsx": "export default 1;\n",
    "apps/web/src/ui/emoji-picker-panel.tsx": "export default 1;\n",
    "apps/web/vite.config.ts": "export default 1;\n",
    "apps/server/vitest.cluster.config.ts": "export default 1;\n",
    "apps/server/drizzle.config.ts": "export default 1;\n",
  };

  beforeAll(async () => {
    probe = await mkdtemp(join(tmpdir(), "heartline-lint-probe-"));
    // The repository's configs, where they sit (apps/web has its own, extending the root one).
    const configs = ["biome.json", "apps/web/biome.json"];
    const files = Object.entries(PROBE_FILES);
    for (const config of configs) files.push([config, await readFile(join(ROOT, config), "utf8")]);
    for (const [path, content] of files) {
      await mkdir(dirname(join(probe, path)), { recursive: true });
      await writeFile(join(probe, path), content);
    }
    const { stdout, stderr } = await runNode(
      BIOME,
      ["lint", "--vcs-enabled=false", "--max-diagnostics=none", "."],
      probe,
    );
    findings = [...`${stdout}\n${stderr}`.matchAll(/^(\S+?)(?::\d+:\d+)? lint\/style\/(\w+)/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
  });

  afterAll(async () => {
    if (probe) await rm(probe, { recursive: true, force: true });
  });

  it("refuses non-kebab file names and default exports, and allows the listed exceptions", () => {
    expect(findings.sort()).toEqual(
      [
        "apps/server/src/features/a/BadName.ts useFilenamingConvention",
        "apps/web/src/lib/useThing.ts useFilenamingConvention",
        "packages/shared/src/snake_case.ts useFilenamingConvention",
        "apps/server/src/features/a/has-default.ts noDefaultExport",
        "apps/web/src/features/x/components/has-default.tsx noDefaultExport",
      ].sort(),
    );
  });
});
