// scripts/test.mjs names in its closing summary what made Vitest exit 1 with every test green (issue #37):
// a real Vitest run of two green files, one leaving a rejection nobody awaits and one a timer that throws,
// its output lines fed to the collector test.mjs uses, with and without colour codes.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnhandledErrorCollector, describeCaughtError } from "./unhandled-errors.mjs";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const VITEST = join(ROOT, "node_modules/.bin/vitest");

const REJECTING = `test("keeps its promise", async () => {
  setTimeout(() => { Promise.reject(new TypeError("the socket was closed twice")); }, 1);
  await new Promise((done) => setTimeout(done, 50));
  expect(1).toBe(1);
});
test("a second test", () => {});
`;
const THROWING = `test("throws later", async () => {
  setTimeout(() => { throw new RangeError("a late timer"); }, 1);
  await new Promise((done) => setTimeout(done, 50));
});
`;

/**
 * Runs Vitest on `dir` and feeds each line it writes to a collector, as scripts/test.mjs does.
 * @param {string} dir
 * @param {Record<string, string | undefined>} colour
 * @returns {Promise<{ code: number | null, errors: import("./unhandled-errors.mjs").CaughtError[] }>}
 */
function runCollected(dir, colour) {
  const env = { ...process.env, ...colour };
  // The child is a Vitest run of its own, not one of this run's workers.
  for (const name of Object.keys(env)) if (name.startsWith("VITEST")) delete env[name];
  const caught = createUnhandledErrorCollector();
  return new Promise((resolveRun, reject) => {
    const child = spawn(VITEST, ["run", "--root", dir, "--globals", "--reporter=default"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", caught.line);
    }
    child.once("error", reject);
    child.once("close", (code) => resolveRun({ code, errors: caught.errors() }));
  });
}

describe("the unhandled errors of a Vitest run", () => {
  /** @type {string} */
  let dir;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "heartline-unhandled-"));
    await writeFile(join(dir, "rejecting.test.mjs"), REJECTING);
    await writeFile(join(dir, "throwing.test.mjs"), THROWING);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** @type {[string, Record<string, string | undefined>][]} */
  const looks = [
    ["without colour", { NO_COLOR: "1", FORCE_COLOR: undefined }],
    ["in colour", { FORCE_COLOR: "1", NO_COLOR: undefined }],
  ];
  for (const [look, colour] of looks) {
    it(`are each named with their kind, message, file, latest test and first frames (${look})`, async () => {
      const { code, errors } = await runCollected(dir, colour);
      expect(code).toBe(1);
      const byKind = Object.fromEntries(errors.map((error) => [error.kind, error]));
      expect(Object.keys(byKind).sort()).toEqual(["Uncaught Exception", "Unhandled Rejection"]);
      expect(byKind["Unhandled Rejection"]).toMatchObject({
        message: "TypeError: the socket was closed twice",
        file: "rejecting.test.mjs",
        test: "keeps its promise",
      });
      expect(byKind["Uncaught Exception"]).toMatchObject({
        message: "RangeError: a late timer",
        file: "throwing.test.mjs",
        test: "throws later",
      });
      for (const error of errors) {
        expect(error.frames.length).toBeGreaterThan(0);
        expect(error.frames.length).toBeLessThanOrEqual(3);
        expect(error.frames[0]).toMatch(/^❯ .*\.test\.mjs:\d+:\d+$/);
      }
    });
  }

  it("are told in the summary in a few lines: what, where, the first frames", () => {
    const text = describeCaughtError({
      kind: "Unhandled Rejection",
      message: "TypeError: the socket was closed twice",
      file: "apps/server/test/a.test.ts",
      test: "keeps its promise",
      frames: ["❯ close apps/server/src/b.ts:3:9"],
    });
    expect(text.split("\n")).toEqual([
      "Unhandled Rejection: TypeError: the socket was closed twice",
      '      in apps/server/test/a.test.ts, latest test "keeps its promise"',
      "      ❯ close apps/server/src/b.ts:3:9",
    ]);
  });

  it("collect nothing from a run whose output has no such block", () => {
    const caught = createUnhandledErrorCollector();
    for (const line of [
      " ✓ a.test.ts (2 tests) 5ms",
      "⎯⎯⎯ Failed Tests 1 ⎯⎯⎯",
      "AssertionError: x",
      "⎯⎯⎯⎯",
    ]) {
      caught.line(line);
    }
    expect(caught.errors()).toEqual([]);
  });
});
