import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { assertWebBuilt, prepareDatabaseTemplate, startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the server every browser test talks to, e.g. http://localhost:41234 */
    baseUrl: string;
  }
}

/** One real server (embedded PGlite, fresh DATA_DIR) for the whole browser suite. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertWebBuilt();
  const template = await prepareDatabaseTemplate();
  project.provide("databaseTemplateDir", template);
  const server = await startServer();
  project.provide("baseUrl", server.baseUrl);
  return async () => {
    await server.stop();
    await rm(template, { recursive: true, force: true });
  };
}
