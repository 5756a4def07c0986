import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { readPlaywrightDisableFeatures } from "./chromium-args";
import { assertWebBuilt, prepareDatabaseTemplate, startServer, stopLeftSpares } from "./server";

/**
 * One real server (embedded PGlite, fresh DATA_DIR) per worker: a worker runs its test files one after
 * another against its own server, as the whole suite once did against one, so no file shares a group
 * room, a matching line or an online count with a file running beside it (support/server.ts
 * suiteBaseUrl).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertWebBuilt();
  const playwrightDisableFeatures = readPlaywrightDisableFeatures();
  const template = await prepareDatabaseTemplate();
  project.provide("databaseTemplateDir", template);
  const spareServersDir = await mkdtemp(join(tmpdir(), "heartline-e2e-spares-"));
  project.provide("spareServersDir", spareServersDir);
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  project.provide("playwrightDisableFeatures", await playwrightDisableFeatures);
  project.provide(
    "baseUrls",
    servers.map((server) => server.baseUrl),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await stopLeftSpares(spareServersDir);
    await rm(template, { recursive: true, force: true });
  };
}
