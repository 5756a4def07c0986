import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/create-database";
import { user } from "../../src/db/schema";
import { setAdminRole } from "../../src/features/accounts/set-admin-role";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

const run = promisify(execFile);
const CLI = fileURLToPath(new URL("../../src/cli/admin.ts", import.meta.url));

/** `npm run admin -- grant|revoke <email>` on the PGlite files of a stopped server (ARCHITECTURE §3). */
describe("admin CLI", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV, inMemoryDatabase: false });
    await new AccountsClient(test.app).post("/api/accounts/sign-up", {
      username: "Cli_Admin",
      email: "cli@example.com",
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "male",
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await rm(test.dataDir, { recursive: true, force: true });
  });

  const admin = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: test.dataDir,
        AUTH_SECRET: "x".repeat(40),
        NODE_ENV: "test",
      },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  // Each CLI process opens PGlite and runs the migrations: slow on a busy machine, so one spawn per case.
  it("refuses bad usage, and refuses while the server holds the PGlite data directory", {
    timeout: 180_000,
  }, async () => {
    expect((await admin("promote", "cli@example.com")).code).toBe(2);
    const locked = await admin("grant", "cli@example.com");
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain("already using the data directory");
  });

  it("grants and revokes on the stopped server's files, case-insensitively", {
    timeout: 180_000,
  }, async () => {
    await test.app.close();
    const granted = await admin("grant", "CLI@example.com");
    expect(granted.stdout).toContain("CLI@example.com is now an admin.");
    const handle = await createDatabase({ dataDir: test.dataDir });
    try {
      const [row] = await handle.db
        .select({ id: user.id, role: user.role })
        .from(user)
        .where(eq(user.email, "cli@example.com"));
      expect(row?.role).toBe("admin");
      expect(await setAdminRole({ db: handle.db, email: "cli@example.com", isAdmin: true })).toMatchObject({
        status: "unchanged",
      });
      expect(await setAdminRole({ db: handle.db, email: "cli@example.com", isAdmin: false })).toEqual({
        status: "changed",
        userId: row?.id,
        isAdmin: false,
      });
      expect(await setAdminRole({ db: handle.db, email: "nobody@example.com", isAdmin: true })).toEqual({
        status: "not_found",
      });
    } finally {
      await handle.close();
    }
  });
});
