import { hashPassword } from "better-auth/crypto";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createAuth } from "./create-auth";
import { testPasswordHash } from "./test-password-hash";

describe("the tests' token-cost password hash (TEST_FAST_PASSWORD_HASH)", () => {
  it("checks the password it hashed, refuses another, and salts every hash", async () => {
    const hash = await testPasswordHash.hash("right-pass");
    expect(hash).toMatch(/^test-scrypt-n16:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await testPasswordHash.verify({ hash, password: "right-pass" })).toBe(true);
    expect(await testPasswordHash.verify({ hash, password: "wrong-pass" })).toBe(false);
    expect(await testPasswordHash.hash("right-pass")).not.toBe(hash);
  });

  it("checks a hash made at Better Auth's own cost at that cost, never at its own", async () => {
    const hash = await hashPassword("right-pass");
    expect(hash.startsWith("test-scrypt-n16:")).toBe(false);
    expect(await testPasswordHash.verify({ hash, password: "right-pass" })).toBe(true);
    expect(await testPasswordHash.verify({ hash, password: "wrong-pass" })).toBe(false);
  });

  it("refuses a marked hash with a part missing", async () => {
    expect(await testPasswordHash.verify({ hash: "test-scrypt-n16:abc", password: "right-pass" })).toBe(
      false,
    );
  });
});

describe("Better Auth's password hash (create-auth.ts)", () => {
  const options = (testFastPasswordHash?: boolean) => ({
    config: {
      authSecret: "test-secret-test-secret-test-secret-0123",
      publicUrl: "http://localhost:3000",
      allowedOrigins: ["http://localhost:3000"],
      ...(testFastPasswordHash === undefined ? {} : { testFastPasswordHash }),
    },
    // Hashing never reaches the database.
    db: {} as never,
    log: {
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    } as unknown as FastifyBaseLogger,
  });

  it("is Better Auth's own scrypt unless the config turns the tests' cost on", async () => {
    for (const setting of [undefined, false]) {
      const { password } = await createAuth(options(setting)).$context;
      expect((await password.hash("right-pass")).startsWith("test-scrypt-n16:")).toBe(false);
    }
    const { password } = await createAuth(options(true)).$context;
    const hash = await password.hash("right-pass");
    expect(hash.startsWith("test-scrypt-n16:")).toBe(true);
    expect(await password.verify({ hash, password: "right-pass" })).toBe(true);
  });
});
