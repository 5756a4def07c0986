import { ACCOUNT_PATHS, SERVER_MESSAGES } from "@heartline/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV } from "../accounts/accounts-client";
import { createScratchDatabase, type ScratchDatabase, withPg } from "../helpers/scratch-services";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
/** How many sign-ups race for one name in a round, spread over the two nodes. */
const RACERS = 8;
const ROUNDS = 3;
const TAKEN = { code: "conflict", message: SERVER_MESSAGES.usernameTaken };

/**
 * Issue #38 at the same instant on PostgreSQL: a name is had by at most one account, and a deleted
 * account's name by nobody while it is held. Two nodes share the database; each request is a real
 * sign-up through the app (Better Auth's insert, the name check, the deletion's transaction).
 */
describe.skipIf(!DATABASE_URL)(
  DATABASE_URL
    ? "accounts: names under parallel sign-ups and deletion (PostgreSQL)"
    : "accounts: names under parallel sign-ups and deletion (skipped: DATABASE_URL is not set)",
  () => {
    let database: ScratchDatabase | undefined;
    let nodes: TestApp[] = [];
    let nextIp = 1;

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_held_names");
      const env = { ...NO_HUMAN_CHECK_ENV, DATABASE_URL: database.url, AUTH_RATE_LIMIT_SCALE: "100" };
      nodes = [await startTestApp({ env }), await startTestApp({ env })];
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database?.drop();
    });

    const nodeOf = (index: number) => {
      const node = nodes[index % nodes.length];
      if (!node) throw new Error("the nodes did not start");
      return node;
    };
    const browserOn = (index: number) =>
      new AccountsClient(nodeOf(index).app, `10.96.${index % 200}.${nextIp++ % 250}`);
    const signUp = (browser: AccountsClient, username: string, tag: string) =>
      browser.post("/api/accounts/sign-up", {
        username,
        email: `${tag}-${nextIp++}@example.com`,
        password: "secret-pass",
        dob: ADULT_DOB,
        gender: "female",
      });
    const accountsNamed = (name: string) =>
      withPg(database?.url ?? "", async (client) => {
        const rows = await client.query<{ id: string }>(`select id from "user" where username_lower = $1`, [
          name.toLowerCase(),
        ]);
        return rows.rows.length;
      });
    const holdOf = (name: string) =>
      withPg(database?.url ?? "", async (client) => {
        const rows = await client.query(`select held_until from held_usernames where username_lower = $1`, [
          name.toLowerCase(),
        ]);
        return rows.rows.length;
      });
    const refusals = (answers: LightMyRequestResponse[]) =>
      answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().error);

    it(`${RACERS} parallel sign-ups for a free name on two nodes give exactly one account, ${ROUNDS} rounds`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const name = `Free_Race_${round}`;
        const racers = Array.from({ length: RACERS }, (_, index) => browserOn(index));
        const answers = await Promise.all(racers.map((browser) => signUp(browser, name, `free${round}`)));
        const created = answers.filter((answer) => answer.statusCode === 200);
        expect(created, `round ${round}: one sign-up`).toHaveLength(1);
        expect(refusals(answers)).toEqual(Array.from({ length: RACERS - 1 }, () => TAKEN));
        expect(await accountsNamed(name)).toBe(1);
      }
    });

    it(`the account deleted while ${RACERS} sign-ups race for its name: none succeeds, the name is held, ${ROUNDS} rounds`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const name = `Gone_Race_${round}`;
        const owner = browserOn(round);
        const created = await signUp(owner, name, `owner${round}`);
        expect(created.statusCode).toBe(200);
        // A proven address (ADR 0017: an unproven account's name is nobody's, so it is not held).
        await withPg(database?.url ?? "", (client) =>
          client.query(`update "user" set email_verified = true where id = $1`, [created.json().user.id]),
        );
        const racers = Array.from({ length: RACERS }, (_, index) => browserOn(index));
        const [deleted, ...answers] = await Promise.all([
          nodeOf(round).app.inject({
            method: "DELETE",
            url: ACCOUNT_PATHS.myProfile,
            headers: { cookie: owner.cookieHeader, origin: TEST_PUBLIC_URL },
          }),
          ...racers.map((browser) => signUp(browser, name.toUpperCase(), `gone${round}`)),
        ]);
        expect(deleted?.statusCode, `round ${round}: the deletion`).toBe(200);
        expect(refusals(answers), `round ${round}: every sign-up refused`).toEqual(
          Array.from({ length: RACERS }, () => TAKEN),
        );
        expect(await accountsNamed(name)).toBe(0);
        expect(await holdOf(name)).toBe(1);
        // After the race, too: the hold stands.
        expect((await signUp(browserOn(round + 1), name, `after${round}`)).json().error).toEqual(TAKEN);
      }
    });
  },
);
