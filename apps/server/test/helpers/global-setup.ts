import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

const SERVER_DIR = fileURLToPath(new URL("../../", import.meta.url));
/** A build of its own beside src/: `npm run build` (run beside this suite by `npm test`) replaces dist/. */
const OUT_DIR = "dist-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server compiled for this run (apps/server/dist-cluster/main.js); server-process.ts starts nodes from it. */
    clusterServerBundle: string;
  }
}

/**
 * Compiles the server once per cluster run (under a second with esbuild), so each of the suite's many
 * nodes starts from JavaScript instead of compiling TypeScript through tsx at every start: a start took
 * 6.6–7.1 s of CPU through tsx and 3.7 s from the bundle (docs/test-speed.md), and starts under load
 * reached 35 s of the 60 s limit.
 */
export default async function setup(project: TestProject): Promise<void> {
  await promisify(execFile)(process.execPath, ["build.mjs", "--outdir", OUT_DIR], { cwd: SERVER_DIR });
  project.provide("clusterServerBundle", path.join(SERVER_DIR, OUT_DIR, "main.js"));
}
