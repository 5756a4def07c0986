import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp, waitForConnect } from "../helpers/test-app";
import { latestMail, START_TIMEOUT_MS } from "./accounts-client";

/** Better Auth refuses state-changing requests without a trusted Origin. */
const HEADERS = { origin: TEST_PUBLIC_URL, "content-type": "application/json" };

describe("accounts: Better Auth on the server", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  async function post(url: string, payload: Record<string, unknown> = {}) {
    return test.app.inject({ method: "POST", url, headers: HEADERS, payload });
  }

  function sessionCookie(setCookie: string | string[] | undefined): string {
    const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    const found = cookies.find((cookie) => cookie.startsWith("better-auth.session_token="));
    if (!found) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
    expect(found).toMatch(/HttpOnly/i);
    return found.split(";")[0] ?? "";
  }

  async function findUser(email: string) {
    const [row] = await test.app.db.select().from(user).where(eq(user.email, email));
    return row;
  }

  it("creates the four Better Auth tables with the migration", async () => {
    // `Database` spans PGlite and node-postgres, whose raw results share only `rows`.
    const result = (await test.app.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'
          and table_name in ('user', 'session', 'account', 'verification') order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual(["account", "session", "user", "verification"]);
  });

  it("signs a guest in anonymously with an HttpOnly session cookie", async () => {
    const response = await post("/api/auth/sign-in/anonymous");
    expect(response.statusCode).toBe(200);
    sessionCookie(response.headers["set-cookie"]);
    const body = response.json<{ user: { id: string } }>();
    const [row] = await test.app.db.select().from(user).where(eq(user.id, body.user.id));
    expect(row?.isAnonymous).toBe(true);
    expect(row?.id).toMatch(/^[A-Za-z0-9]{20,28}$/);
  });

  it("refuses a cookie-bearing POST from a foreign or missing Origin (CSRF)", async () => {
    const cookie = sessionCookie((await post("/api/auth/sign-in/anonymous")).headers["set-cookie"]);
    const signOut = (headers: Record<string, string>) =>
      test.app.inject({ method: "POST", url: "/api/auth/sign-out", headers, payload: {} });
    expect((await signOut({ cookie, origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await signOut({ cookie })).statusCode).toBe(403);
    const session = await test.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie },
    });
    expect(session.json<{ user: { isAnonymous: boolean } }>().user.isAnonymous).toBe(true);
    expect((await signOut({ cookie, origin: TEST_PUBLIC_URL })).statusCode).toBe(200);
  });

  it("signs up an unverified user who may still sign in (ADR 0005: guards check emailVerified)", async () => {
    const email = "night.owl@example.com";
    const signUp = await post("/api/auth/sign-up/email", {
      email,
      password: "secret-pass",
      name: "Night_Owl",
      username: "Night_Owl",
      dob: "1990-04-12",
      gender: "female",
    });
    expect(signUp.statusCode).toBe(200);
    const row = await findUser(email);
    expect(row).toMatchObject({
      emailVerified: false,
      isGuest: false,
      isAnonymous: false,
      username: "night_owl",
      displayUsername: "Night_Owl",
      usernameLower: "night_owl",
      dob: "1990-04-12",
      gender: "female",
      conversionAttempts: 0,
    });

    const signIn = await post("/api/auth/sign-in/email", { email, password: "secret-pass" });
    expect(signIn.statusCode).toBe(200);
    sessionCookie(signIn.headers["set-cookie"]);
    expect(signIn.json<{ user: { emailVerified: boolean } }>().user.emailVerified).toBe(false);
  });

  it("verifies the e-mail through the link in the dev outbox", async () => {
    const email = "verified@example.com";
    const signUp = await post("/api/auth/sign-up/email", {
      email,
      password: "secret-pass",
      name: "Verified",
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await latestMail(test.app, email);
    expect(mail?.links[0]).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/auth/verify-email\\?token=`));
    const link = new URL(mail?.links[0] ?? "");
    const verify = await test.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBeLessThan(400);
    expect(await findUser(email)).toMatchObject({ emailVerified: true });
  });

  it("accepts usernames of 3 to 20 allowed characters and refuses others (spec §5)", async () => {
    const attempt = (name: string, index: number) =>
      post("/api/auth/sign-up/email", {
        email: `user${index}@example.com`,
        password: "secret-pass",
        name,
        username: name,
      });
    expect((await attempt("a".repeat(20), 1)).statusCode).toBe(200);
    expect((await attempt("b".repeat(21), 2)).statusCode).toBe(400);
    expect((await attempt("ab", 3)).statusCode).toBe(400);
    expect((await attempt("night owl", 4)).statusCode).toBe(400);
    // Taken case-insensitively.
    expect((await attempt("NIGHT_OWL", 5)).statusCode).toBe(400);
    expect(await findUser("user1@example.com")).toBeDefined();
    expect(await findUser("user2@example.com")).toBeUndefined();
  });

  it("gives a socket with a valid session cookie that user's id", async () => {
    const response = await post("/api/auth/sign-in/anonymous");
    const cookie = sessionCookie(response.headers["set-cookie"]);
    const userId = response.json<{ user: { id: string } }>().user.id;

    const socket = test.client({ extraHeaders: { cookie } });
    const session = nextEvent(socket, "session");
    await waitForConnect(socket);
    expect(await session).toEqual({ userId, isVisitor: false });
    socket.disconnect();
  });

  it("keeps a socket with a forged or absent cookie a visitor, whatever the handshake claims", async () => {
    const response = await post("/api/auth/sign-in/anonymous");
    const userId = response.json<{ user: { id: string } }>().user.id;
    const forged = test.client({
      extraHeaders: { cookie: "better-auth.session_token=forged.signature" },
      auth: { userId, isAdmin: true },
    });
    const forgedSession = nextEvent(forged, "session");
    await waitForConnect(forged);
    const seen = await forgedSession;
    expect(seen.isVisitor).toBe(true);
    expect(seen.userId).not.toBe(userId);

    const bare = test.client({ auth: { userId } });
    const bareSession = nextEvent(bare, "session");
    await waitForConnect(bare);
    expect(await bareSession).toMatchObject({ isVisitor: true });
    expect((await bareSession).userId).not.toBe(userId);
    forged.disconnect();
    bare.disconnect();
  });
});
