// `npm run dev`: the server (tsx watch) and Vite's dev server side by side, output prefixed.
// Ctrl+C stops both; when one of them exits the other is stopped too, so nothing is left running.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const STOP_GRACE_MS = 5_000;
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

/**
 * @typedef {object} Service
 * @property {string} name
 * @property {string} colour ANSI colour code for the prefix
 * @property {string} command
 * @property {string[]} args
 */

/** @type {Service[]} */
const SERVICES = [
  {
    name: "server",
    colour: "35",
    command: resolve(ROOT, "node_modules/.bin/tsx"),
    args: ["watch", "apps/server/src/main.ts"],
  },
  { name: "web", colour: "36", command: NPM, args: ["run", "dev", "-w", "@heartline/web"] },
];

const width = Math.max(...SERVICES.map((service) => service.name.length));

/** @param {Service} service */
function prefix(service) {
  const label = `[${service.name}]`.padEnd(width + 2);
  return useColour ? `\x1b[${service.colour}m${label}\x1b[0m ` : `${label} `;
}

/** @type {{ service: Service, child: import("node:child_process").ChildProcess }[]} */
const running = [];
let isStopping = false;

/**
 * Signals a child's whole process group (npm → sh → vite), which we started.
 * @param {import("node:child_process").ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already exited.
  }
}

/**
 * SIGTERM to every service; whatever is still there after the grace period (or a second Ctrl+C) is killed.
 * @param {number} code
 */
function stopAll(code) {
  if (isStopping) {
    for (const { child } of running) signalGroup(child, "SIGKILL");
    return;
  }
  isStopping = true;
  process.exitCode = code;
  for (const { child } of running) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    signalGroup(child, "SIGTERM");
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => clearTimeout(timer));
  }
}

for (const service of SERVICES) {
  // Own process group (detached) so stopping reaches grandchildren; we forward Ctrl+C ourselves.
  const child = spawn(service.command, service.args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: useColour ? "1" : "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.push({ service, child });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    const lines = createInterface({ input: stream });
    lines.on("line", (line) => console.log(`${prefix(service)}${line}`));
  }
  child.once("error", (error) => {
    console.error(`${prefix(service)}could not start: ${error.message}`);
    stopAll(1);
  });
  child.once("exit", (code, signal) => {
    if (isStopping) return;
    console.log(`${prefix(service)}exited (${signal ?? `code ${code}`}); stopping the others`);
    stopAll(code ?? 1);
  });
}

for (const signal of /** @type {NodeJS.Signals[]} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => stopAll(0));
}
