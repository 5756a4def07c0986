import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";

/**
 * Tests only (`TEST_FAST_PASSWORD_HASH=1`, refused when NODE_ENV=production by the config): Better
 * Auth's scrypt (N=16384, r=16) costs about 160 ms of CPU per sign-up and per password
 * check, and the suites make thousands. These hashes are scrypt at a token cost, marked with their
 * own prefix so that one is never checked at another cost: a hash without the mark (made at Better
 * Auth's cost) is checked by Better Auth's own `verifyPassword`.
 */
const PREFIX = "test-scrypt-n16:";
const COST = { N: 16, r: 1, p: 1 } as const;
const KEY_LENGTH = 32;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export const testPasswordHash = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${(await deriveKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await deriveKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
