// B1's crowd of signed-in guests, written straight into the database before the server starts (a
// bench-only path: the server has no backdoor). Creating 2,000 guests through the HTTP API would run
// into the human check and Better Auth's sign-in rate limit, and one by one through Better Auth it
// takes ~14 ms each; one multi-row INSERT takes well under a second.
//
// Run with `node --import tsx` (it opens the database with the server's own code, which applies the
// migrations). Argument: JSON { dataDir, databaseUrl?, authSecret, publicUrl, count, outFile }.
// Writes to outFile: { users: [{ userId, username, cookie }] }, the last one being the publisher.
//
// The session cookie is Better Auth's signed `better-auth.session_token`: `token.HMAC-SHA256(secret,
// token)` in base64, URI-encoded. The first guest is created by Better Auth itself
// (`signInAnonymous`) and its cookie is compared with this file's signing, so a change in Better
// Auth's format fails here, loudly, instead of leaving 2,000 visitors in the benchmark.
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

function guestRow(index) {
  const username = index === input.count ? "b1_publisher" : `b1_guest_${index}`;
  return {
    id: createVisitorId(),
    name: username,
    email: `${username}@bench.invalid`,
    emailVerified: false,
    username,
    displayUsername: username,
    usernameLower: username,
    dob: "1990-01-01",
    gender: index % 2 === 0 ? "male" : "female",
    isGuest: true,
    isAnonymous: true,
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
  for (let start = 0; start <= input.count; start += INSERT_BATCH) {
    const rows = [];
    for (let index = start; index <= Math.min(input.count, start + INSERT_BATCH - 1); index += 1) {
      rows.push(guestRow(index));
    }
    const sessions = rows.map((row) => ({
      id: createVisitorId(),
      token: randomBytes(24).toString("base64url"),
      userId: row.id,
      expiresAt: new Date(now + SESSION_DAYS * 86_400_000),
      ipAddress: "127.0.0.1",
      userAgent: "heartline-bench-b1",
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
