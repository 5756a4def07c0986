import { AUTH_ERROR_MESSAGES, SERVER_MESSAGES, VERIFICATION_LANDINGS } from "@heartline/shared";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, deletedUsers, session, user, verification } from "../../src/db/schema";
import { AccountsClient, ADULT_DOB, followLink, latestMail } from "../accounts/accounts-client";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "../helpers/scratch-services";
import { startTestApp, type TestApp } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (5–13 are the other suites' and the benchmarks'). */
const REDIS_DB = 4;

/**
 * ADR 0017 and ARCHITECTURE §9.7 where PostgreSQL runs statements side by side (PGlite runs them one at
 * a time and hides races): two nodes, one database, requests at the same moment. The address is proven
 * once, no session outlives a password that was cleared, and of two sign-ups for one name or one
 * unproven address exactly one gets it, the other is told why.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "accounts: proving an address, at the same moment on two nodes"
    : "accounts: proving an address, at the same moment on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    let database: ScratchDatabase | undefined;
    let nodes: [TestApp, TestApp];
    let nextIp = 1;
    let nextName = 1;

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_proof");
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: await flushedRedisDb(REDIS_URL ?? "", REDIS_DB),
        HUMAN_CHECK: "off",
        AUTH_RATE_LIMIT_SCALE: "100",
      };
      nodes = [await startTestApp({ env }), await startTestApp({ env })];
    }, 180_000);
    afterAll(async () => {
      await Promise.all((nodes ?? []).map((node) => node?.close()));
      await database?.drop();
    });

    const db = () => nodes[0].app.db;
    /** A browser of its own on node `index`. */
    const browser = (index: number) =>
      new AccountsClient(nodes[index % 2 === 0 ? 0 : 1].app, `10.44.${index % 2}.${nextIp++}`);
    const fresh = (prefix: string) => `${prefix}_${nextName++}`;
    const me = async (client: AccountsClient) => (await client.get("/api/accounts/me")).json().user;
    const signUp = (client: AccountsClient, username: string, email: string, password = "first-pass") =>
      client.post("/api/accounts/sign-up", { username, email, password, dob: ADULT_DOB, gender: "female" });
    /** A sign-up on node 0 (whose outbox then holds its link): the account and its link. */
    async function pending(prefix: string, password = "first-pass") {
      const email = `${fresh(prefix).toLowerCase()}@example.com`;
      const signer = browser(0);
      const response = await signUp(signer, fresh(prefix), email, password);
      expect(response.statusCode, response.body).toBe(200);
      const link = (await latestMail(nodes[0].app, email))?.links[0] ?? "";
      return { email, signer, id: response.json().user.id as string, link };
    }
    const sessionsOf = (userId: string) => db().select().from(session).where(eq(session.userId, userId));
    const credentialsOf = (userId: string) =>
      db()
        .select()
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    const resetLinksOf = (userId: string) =>
      db()
        .select()
        .from(verification)
        .where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")));

    it("clicks from four browsers at the same moment prove the address once: one reset link, no session", async () => {
      for (let round = 0; round < 3; round += 1) {
        const { id, link } = await pending("Four_Clicks");
        const answers = await Promise.all([0, 1, 2, 3].map((index) => followLink(browser(index), link)));
        expect(answers.map((answer) => answer.headers.location).sort()).toEqual([
          VERIFICATION_LANDINGS.verified,
          VERIFICATION_LANDINGS.verified,
          VERIFICATION_LANDINGS.verified,
          VERIFICATION_LANDINGS.passwordCleared,
        ]);
        expect(await resetLinksOf(id)).toHaveLength(1);
        expect(await sessionsOf(id)).toEqual([]);
        expect(await credentialsOf(id)).toEqual([]);
      }
    });

    it("the browser that signed up and another clicking at once: one of the two outcomes, never a mix", async () => {
      for (let round = 0; round < 4; round += 1) {
        const { id, signer, link } = await pending("Two_Clicks");
        const [own, other] = await Promise.all([followLink(signer, link), followLink(browser(1), link)]);
        const landings = [own.headers.location, other.headers.location];
        if (landings.includes(VERIFICATION_LANDINGS.passwordCleared)) {
          // Another browser proved it first: nobody stays signed in, the owner sets a password.
          expect(other.headers.location).toBe(VERIFICATION_LANDINGS.passwordCleared);
          expect(await me(signer)).toBeNull();
          expect(await sessionsOf(id)).toEqual([]);
          expect(await resetLinksOf(id)).toHaveLength(1);
        } else {
          expect(landings).toEqual([VERIFICATION_LANDINGS.verified, VERIFICATION_LANDINGS.verified]);
          expect(await me(signer)).toMatchObject({ id, emailVerified: true });
          expect(await resetLinksOf(id)).toEqual([]);
          expect(await credentialsOf(id)).toHaveLength(1);
        }
      }
    });

    it("sign-ins with the unproven password racing the owner's click leave no session behind", async () => {
      for (let round = 0; round < 3; round += 1) {
        const { email, id, link } = await pending("Racing_In", "squatter-pass");
        // The password checks queue on the hashing threads: once the first sign-in has answered, the
        // others are between reading the password and writing their session when the click lands.
        const tries = Array.from({ length: 8 }, (_, index) => {
          const client = browser(index);
          return client
            .post("/api/accounts/sign-in", { email, password: "squatter-pass" })
            .then((response) => ({ client, status: response.statusCode }));
        });
        await Promise.race(tries);
        const click = await followLink(browser(1), link);
        expect(click.headers.location).toBe(VERIFICATION_LANDINGS.passwordCleared);
        for (const attempt of await Promise.all(tries)) {
          expect([200, 401]).toContain(attempt.status);
          expect(await me(attempt.client)).toBeNull();
        }
        expect(await sessionsOf(id)).toEqual([]);
        expect(await credentialsOf(id)).toEqual([]);
      }
    });

    it("two sign-ups for a signed-out guest's name at once: one account, the guest deleted once, the other told", async () => {
      for (let round = 0; round < 3; round += 1) {
        const name = fresh("Gone_Guest");
        const guest = browser(0);
        const made = await guest.post("/api/accounts/guest", {
          username: name,
          dob: ADULT_DOB,
          gender: "male",
        });
        const guestId = made.json().user.id as string;
        expect((await guest.post("/api/accounts/sign-out")).statusCode).toBe(200);
        const answers = await Promise.all(
          [0, 1].map((index) => signUp(browser(index), name, `${name.toLowerCase()}.${index}@example.com`)),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const refused = answers.find((answer) => answer.statusCode === 409);
        expect(refused?.json().error).toEqual({ code: "conflict", message: SERVER_MESSAGES.usernameTaken });
        expect(await db().select().from(user).where(eq(user.usernameLower, name.toLowerCase()))).toHaveLength(
          1,
        );
        expect(await db().select().from(user).where(eq(user.id, guestId))).toEqual([]);
        expect(await db().select().from(deletedUsers).where(eq(deletedUsers.id, guestId))).toHaveLength(1);
      }
    });

    it("two owners' sign-ups over one unverified account at once: one new account, the other told the address is in use", async () => {
      for (let round = 0; round < 3; round += 1) {
        const { email, id: squatterId } = await pending("Squatted");
        const answers = await Promise.all(
          [0, 1].map((index) => signUp(browser(index), fresh("Rightful"), email, "owner-pass")),
        );
        expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([
          200, 409,
        ]);
        const refused = answers.find((answer) => answer.statusCode === 409);
        expect(refused?.json().error).toEqual({
          code: "conflict",
          message: AUTH_ERROR_MESSAGES["email-already-in-use"],
        });
        const holders = await db().select().from(user).where(eq(user.email, email));
        expect(holders.map((row) => row.id)).toEqual([
          answers.find((a) => a.statusCode === 200)?.json().user.id,
        ]);
        expect(await db().select().from(deletedUsers).where(eq(deletedUsers.id, squatterId))).toHaveLength(1);
      }
    });

    it("the owner's click and a replacing sign-up at once: the address is proven or replaced, never both", async () => {
      for (let round = 0; round < 4; round += 1) {
        const { email, id: squatterId, link } = await pending("Click_Or_Replace");
        const [click, replacing] = await Promise.all([
          followLink(browser(1), link),
          signUp(browser(0), fresh("Replacer"), email, "replacer-pass"),
        ]);
        const [holder] = await db().select().from(user).where(eq(user.email, email));
        if (replacing.statusCode === 200) {
          expect(click.headers.location).toBe(VERIFICATION_LANDINGS.invalid);
          expect(holder).toMatchObject({ id: replacing.json().user.id, emailVerified: false });
        } else {
          expect(replacing.json().error.message).toBe(AUTH_ERROR_MESSAGES["email-already-in-use"]);
          expect(click.headers.location).toBe(VERIFICATION_LANDINGS.passwordCleared);
          expect(holder).toMatchObject({ id: squatterId, emailVerified: true });
        }
      }
    });
  },
);
