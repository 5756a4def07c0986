// B2's pairs of registered, verified people, written straight into the database before the server
// starts (a bench-only path, like b1-seed-users.mjs: the server has no backdoor). Direct messages
// need registered accounts with a verified e-mail (spec §1); creating 2,000 of them through sign-up,
// the e-mail link and sign-in would take minutes and run into the human check and the auth rate
// limits, so the `user` and `session` rows are inserted in batches. No `account` (password) row is
// written: a benchmark person never signs in with a password, only with the seeded session cookie.
//
// Run with `node --import tsx` (it opens the database with the server's own code, which applies the
// migrations). Argument: JSON { dataDir, databaseUrl?, authSecret, publicUrl, count, outFile }.
// Writes to outFile: { users: [{ userId, username, cookie }] }, `count` of them (pairs are 2k, 2k+1).
//
// The session cookie is signed as b1-seed-users.mjs signs it, and checked against Better Auth the
// same way (one session it issues is compared with this file's signing) so a format change fails here.
import { createHmac, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createAuth } from "../../apps/server/src/auth/create-auth.ts";
import { createVisitorId } from "../../apps/server/src/auth/visitor-id.ts";
import { createDatabase } from "../../apps/server/src/db/create-database.ts";
import { session, user } from "../../apps/server/src/db/schema/index.ts";

const COOKIE_NAME = "better-auth.session_token";
const SESSION_DAYS = 7;
const INSERT_BATCH = 500;

const input = JSON.parse(process.argv[2]);
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent };

function signedCookie(token) {
  const signature = createHmac("sha256", input.authSecret).update(token).digest("base64");
  return `${COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}`;
}

function personRow(index) {
  const username = `b2_person_${index}`;
  return {
    id: createVisitorId(),
    name: username,
    email: `${username}@bench.invalid`,
    emailVerified: true,
    username,
    displayUsername: username,
    usernameLower: username,
    dob: "1990-01-01",
    gender: index % 2 === 0 ? "male" : "female",
    isGuest: false,
    isAnonymous: false,
    role: "user",
  };
}

const handle = await createDatabase({ dataDir: input.dataDir, databaseUrl: input.databaseUrl });
try {
  const auth = createAuth({
    config: { authSecret: input.authSecret, publicUrl: input.publicUrl, allowedOrigins: [input.publicUrl] },
    db: handle.db,
    log: silent,
  });
  const check = await auth.api.signInAnonymous({ headers: new Headers(), returnHeaders: true });
  const issued = check.headers.getSetCookie()[0]?.split(";")[0];
  if (issued !== signedCookie(check.response.token)) {
    throw new Error(`Better Auth's session cookie is not signed as this script assumes: ${issued}`);
  }
  await handle.db.delete(user).where(eq(user.id, check.response.user.id));

  const now = Date.now();
  const users = [];
  for (let start = 0; start < input.count; start += INSERT_BATCH) {
    const rows = [];
    for (let index = start; index < Math.min(input.count, start + INSERT_BATCH); index += 1) {
      rows.push(personRow(index));
    }
    const sessions = rows.map((row) => ({
      id: createVisitorId(),
      token: randomBytes(24).toString("base64url"),
      userId: row.id,
      expiresAt: new Date(now + SESSION_DAYS * 86_400_000),
      ipAddress: "127.0.0.1",
      userAgent: "heartline-bench-b2",
    }));
    await handle.db.insert(user).values(rows);
    await handle.db.insert(session).values(sessions);
    sessions.forEach((row, index) => {
      users.push({ userId: row.userId, username: rows[index].username, cookie: signedCookie(row.token) });
    });
  }
  writeFileSync(input.outFile, JSON.stringify({ users }));
} finally {
  await handle.close();
}
process.exit(0);
