import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp, waitForConnect } from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  latestMail,
  NO_HUMAN_CHECK_ENV,
  START_TIMEOUT_MS,
} from "./accounts-client";

/**
 * Better Auth under the product's routes: every flow goes through /api/accounts/* (Better Auth's own
 * HTTP paths are closed, see auth-surface.test.ts); what is checked here is what the library keeps
 * doing underneath (tables, cookies, verification link, sockets).
 */
describe("accounts: Better Auth on the server", () => {
  let test: TestApp;
  let guests = 0;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

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

  async function signUp(client: AccountsClient, body: Record<string, unknown>) {
    return client.post("/api/accounts/sign-up", { dob: ADULT_DOB, gender: "female", ...body });
  }

  /** A guest through the product's guest form: its response and the browser that holds its cookie. */
  async function guest() {
    guests += 1;
    const client = new AccountsClient(test.app);
    const response = await client.post("/api/accounts/guest", {
      username: `Guest_${guests}`,
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(response.statusCode).toBe(200);
    return { client, response, userId: response.json<{ user: { id: string } }>().user.id };
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
    const { response, userId } = await guest();
    sessionCookie(response.headers["set-cookie"]);
    const [row] = await test.app.db.select().from(user).where(eq(user.id, userId));
    expect(row?.isAnonymous).toBe(true);
    expect(row?.id).toMatch(/^[A-Za-z0-9]{20,28}$/);
  });

  it("refuses a cookie-bearing POST from a foreign or missing Origin (CSRF)", async () => {
    const { response } = await guest();
    const cookie = sessionCookie(response.headers["set-cookie"]);
    const signOut = (headers: Record<string, string>, url = "/api/accounts/sign-out") =>
      test.app.inject({ method: "POST", url, headers, payload: {} });
    const refusedHeaders: Record<string, string>[] = [{ cookie, origin: "https://evil.example" }, { cookie }];
    // The check follows the routed path: a percent-encoded spelling reaches the same handler.
    for (const url of ["/api/accounts/sign-out", "/%61pi/accounts/sign-out", "/api/accounts/sign-%6Fut"]) {
      for (const headers of refusedHeaders) {
        const refused = await signOut(headers, url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error, url).toEqual({
          code: "forbidden",
          message: "This request must come from the Heartline site.",
        });
      }
    }
    // Routes without a check of their own rely on the global one; it follows the routed path, so a
    // percent-encoded spelling of /api is refused too (issue #10).
    for (const url of ["/api/users/me", "/%61pi/users/me", "/api/users/%6De"]) {
      for (const headers of refusedHeaders) {
        const refused = await test.app.inject({ method: "PATCH", url, headers, payload: { bio: "forged" } });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error, url).toEqual({
          code: "forbidden",
          message: "This request must come from the Heartline site.",
        });
      }
    }
    const me = await test.app.inject({ method: "GET", url: "/api/accounts/me", headers: { cookie } });
    expect(me.json<{ user: { bio: string | null } }>().user.bio).toBeNull();
    expect(me.json<{ user: { isGuest: boolean } }>().user.isGuest).toBe(true);
    expect((await signOut({ cookie, origin: TEST_PUBLIC_URL })).statusCode).toBe(200);
  });

  it("signs up an unverified user who may still sign in (ADR 0005: guards check emailVerified)", async () => {
    const email = "night.owl@example.com";
    const signedUp = await signUp(new AccountsClient(test.app), {
      email,
      password: "secret-pass",
      username: "Night_Owl",
      dob: "1990-04-12",
      gender: "female",
    });
    expect(signedUp.statusCode).toBe(200);
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

    const signIn = await new AccountsClient(test.app).post("/api/accounts/sign-in", {
      email,
      password: "secret-pass",
    });
    expect(signIn.statusCode).toBe(200);
    sessionCookie(signIn.headers["set-cookie"]);
    expect(signIn.json<{ user: { emailVerified: boolean } }>().user.emailVerified).toBe(false);
  });

  it("verifies the e-mail through the link in the dev outbox", async () => {
    const email = "verified@example.com";
    const signedUp = await signUp(new AccountsClient(test.app), {
      email,
      password: "secret-pass",
      username: "Verified",
    });
    expect(signedUp.statusCode).toBe(200);
    const mail = await latestMail(test.app, email);
    expect(mail?.links[0]).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/accounts/verify-email\\?token=`));
    const link = new URL(mail?.links[0] ?? "");
    const verify = await test.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBeLessThan(400);
    expect(await findUser(email)).toMatchObject({ emailVerified: true });
  });

  it("accepts usernames of 3 to 20 allowed characters and refuses others (spec §5)", async () => {
    const attempt = (name: string, index: number) =>
      signUp(new AccountsClient(test.app), {
        email: `user${index}@example.com`,
        password: "secret-pass",
        username: name,
      });
    expect((await attempt("a".repeat(20), 1)).statusCode).toBe(200);
    expect((await attempt("b".repeat(21), 2)).statusCode).toBe(400);
    expect((await attempt("ab", 3)).statusCode).toBe(400);
    expect((await attempt("night owl", 4)).statusCode).toBe(400);
    // Taken case-insensitively.
    expect((await attempt("NIGHT_OWL", 5)).statusCode).toBe(409);
    expect(await findUser("user1@example.com")).toBeDefined();
    expect(await findUser("user2@example.com")).toBeUndefined();
  });

  it("gives a socket with a valid session cookie that user's id", async () => {
    const { response, userId } = await guest();
    const cookie = sessionCookie(response.headers["set-cookie"]);

    const socket = test.client({ extraHeaders: { cookie } });
    const session = nextEvent(socket, "session");
    await waitForConnect(socket);
    // A signed-in guest gave a date of birth of 18 or more: random chat's 18+ step is already done.
    expect(await session).toEqual({ userId, isVisitor: false, isAdultConfirmed: true });
    socket.disconnect();
  });

  it("keeps a socket with a forged or absent cookie a visitor, whatever the handshake claims", async () => {
    const { userId } = await guest();
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
