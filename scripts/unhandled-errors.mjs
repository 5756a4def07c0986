// Vitest can exit 1 with every test green: an error or rejection nobody awaited, thrown while the run
// went on. Its report then sits in the middle of a long, interleaved log and the JSON report has no
// trace of it; scripts/test.mjs feeds each suite's output lines here and prints what was caught in its
// closing summary (issue #37). No dependencies: Node only.

/** Vitest's banners: `⎯⎯⎯ Unhandled Rejection ⎯⎯⎯`; a line of ⎯ alone closes the last block. */
const BANNER = /^⎯+ ?(.*?) ?⎯+$/;
/** The kinds Vitest names one caught error by ("Unhandled Errors", plural, is the section's heading). */
const ERROR_TITLE = /^(Unhandled (Error|Rejection)|Uncaught Exception)$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what this removes
const ANSI = /\u001b\[[0-9;]*m/g;
const ORIGIN = /This error originated in "(.+?)" test file/;
const LATEST_TEST = /The latest test that might've caused the error is "(.+?)"/;
/** A stack frame (`❯ fn file:line:column`); the code frame under the first is skipped. */
const FRAME = /^❯ /;
const MAX_LINES_PER_BLOCK = 60;
const MAX_FRAMES = 3;

/**
 * @typedef {object} CaughtError
 * @property {string} kind "Unhandled Rejection", "Unhandled Error" or "Uncaught Exception"
 * @property {string} message the error's first line, e.g. "TypeError: the socket was closed twice"
 * @property {string | undefined} file the test file Vitest attributed it to
 * @property {string | undefined} test the latest test that ran before it
 * @property {string[]} frames the first stack frames
 */

/**
 * Collects the blocks Vitest prints for errors caught outside any test's result.
 * @returns {{ line(text: string): void, errors(): CaughtError[] }}
 */
export function createUnhandledErrorCollector() {
  /** @type {string[][]} */
  const blocks = [];
  /** @type {string[] | undefined} */
  let current;
  return {
    line(text) {
      const plain = text.replace(ANSI, "").trim();
      const banner = BANNER.exec(plain);
      if (banner) {
        current = ERROR_TITLE.test(banner[1] ?? "") ? [banner[1] ?? ""] : undefined;
        if (current) blocks.push(current);
        return;
      }
      if (current && current.length < MAX_LINES_PER_BLOCK) current.push(plain);
    },
    errors() {
      return blocks.map(([kind = "", ...lines]) => {
        const [message = "(no message)"] = lines.filter((line) => line !== "");
        return {
          kind,
          message: message.slice(0, 300),
          file: lines.map((line) => ORIGIN.exec(line)?.[1]).find(Boolean),
          test: lines.map((line) => LATEST_TEST.exec(line)?.[1]).find(Boolean),
          frames: lines.filter((line) => FRAME.test(line)).slice(0, MAX_FRAMES),
        };
      });
    },
  };
}

/**
 * The summary's lines for one caught error: its kind and message, where Vitest attributed it, a few frames.
 * @param {CaughtError} error
 * @returns {string}
 */
export function describeCaughtError(error) {
  const where = [
    error.file ? `in ${error.file}` : "",
    error.test ? `latest test "${error.test}"` : "",
  ].filter(Boolean);
  return [
    `${error.kind}: ${error.message}`,
    ...(where.length > 0 ? [where.join(", ")] : []),
    ...error.frames,
  ].join("\n      ");
}
