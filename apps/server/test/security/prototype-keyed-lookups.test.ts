import { randomUUID } from "node:crypto";
import { CONFESSION_REACTIONS, type ConfessionPage, type ConfessionReaction } from "@heartline/shared";
import { APIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confessionReactions } from "../../src/db/schema";
import { toAppError } from "../../src/features/accounts/auth-api-error";
import { createGuest, requestAs } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { PROTOTYPE_NAMES } from "./hostile-event-names";

/**
 * Issue #33's audit: a table looked up with a string the table does not own (stored text, another
 * library's code) finds Object.prototype's members through `in` or `table[key]`. These lookups now
 * use own properties only. The socket's event names have their own suites (prototype-event-names,
 * fuzz-events, the authorization matrix).
 */
describe("security: lookups keyed by a string the table does not own", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it("counts only the wall's own reactions: a stored emoji named like Object.prototype's members is left out", async () => {
    const author = await createGuest(test.app, "Lookup_Author");
    const id = randomUUID();
    const posted = await requestAs(test.app, author, "POST", "/api/confessions", { id, content: "a secret" });
    expect(posted.statusCode).toBe(201);
    // Rows the API would never write (its schema is the reaction set): stale or foreign data.
    const stale = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__"];
    for (const [index, emoji] of stale.entries()) {
      const reactor = await createGuest(test.app, `Lookup_Reactor${index}`);
      await test.app.db
        .insert(confessionReactions)
        .values({ confessionId: id, userId: reactor.id, emoji: emoji as ConfessionReaction });
    }

    const feed = await requestAs(test.app, author, "GET", "/api/confessions");
    expect(feed.statusCode).toBe(200);
    const view = feed.json<ConfessionPage>().confessions.find((confession) => confession.id === id);
    expect(view?.reactions).toEqual(Object.fromEntries(CONFESSION_REACTIONS.map((emoji) => [emoji, 0])));
    expect(Object.keys(view?.reactions ?? {}).sort()).toEqual([...CONFESSION_REACTIONS].sort());
  });

  it("gives a Better Auth error whose code is an Object.prototype name the fallback text", () => {
    for (const code of PROTOTYPE_NAMES) {
      const mapped = toAppError(
        new APIError("BAD_REQUEST", { code, message: "library wording" }),
        "Fallback",
      );
      expect(mapped, code).toMatchObject({ code: "bad_request", message: "Fallback", status: 400 });
    }
  });
});
