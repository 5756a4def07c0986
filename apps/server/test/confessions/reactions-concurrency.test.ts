import { randomUUID } from "node:crypto";
import {
  CONFESSION_PATHS,
  CONFESSION_REACTIONS,
  type ConfessionReaction,
  type ConfessionReactionCounts,
} from "@heartline/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confessionReactions } from "../../src/db/schema";
import { asPerson, createGuest, emitWithAck, type TestPerson } from "../fixtures/group-fixtures";
import { delay, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { postConfession, wallRequest } from "./wall-fixtures";

const USERS = 40;
const TAPS_PER_USER = 5;

describe("confession reactions under concurrency (issue #13: exact counts, unique per user)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
  });
  afterAll(async () => {
    await test.close();
  });

  it(`${USERS * TAPS_PER_USER} taps from ${USERS} users at once (set, replace, remove) end with exact counts`, async () => {
    const author = await createGuest(test.app, `op_${randomUUID().slice(0, 6)}`);
    const { id } = await postConfession(test.app, author, "count me exactly");
    const users: TestPerson[] = await Promise.all(
      Array.from({ length: USERS }, (_, index) =>
        createGuest(test.app, `tap${index}_${randomUUID().slice(0, 4)}`),
      ),
    );
    const watcher = await test.connect(asPerson(author));
    expect((await emitWithAck(watcher, "join_confession_wall")).ok).toBe(true);
    const pushes = recordEvents(watcher, "confession_counts");

    // Each user's taps follow one another (so their last tap is their final state); the users race.
    const plans = users.map((_, userIndex) =>
      Array.from({ length: TAPS_PER_USER }, (_, tap): ConfessionReaction | null =>
        (userIndex + tap) % 4 === 3
          ? null
          : (CONFESSION_REACTIONS[(userIndex * 7 + tap * 3) % CONFESSION_REACTIONS.length] ?? null),
      ),
    );
    const answers = await Promise.all(
      users.map(async (user, userIndex) => {
        const seen: Array<ConfessionReaction | null> = [];
        for (const emoji of plans[userIndex] ?? []) {
          const response = emoji
            ? await wallRequest(test.app, user, "PUT", CONFESSION_PATHS.reaction(id), { emoji })
            : await wallRequest(test.app, user, "DELETE", CONFESSION_PATHS.reaction(id));
          expect(response.statusCode).toBe(200);
          seen.push((response.json() as { myReaction: ConfessionReaction | null }).myReaction);
        }
        return seen;
      }),
    );
    expect(answers).toEqual(plans);

    const expected = Object.fromEntries(
      CONFESSION_REACTIONS.map((emoji) => [emoji, 0]),
    ) as ConfessionReactionCounts;
    for (const plan of plans) {
      const last = plan.at(-1);
      if (last) expected[last] += 1;
    }
    const rows = await test.app.db
      .select({ emoji: confessionReactions.emoji, count: sql<number>`count(*)::int` })
      .from(confessionReactions)
      .where(eq(confessionReactions.confessionId, id))
      .groupBy(confessionReactions.emoji);
    const inTable = Object.fromEntries(
      CONFESSION_REACTIONS.map((emoji) => [emoji, 0]),
    ) as ConfessionReactionCounts;
    for (const row of rows) inTable[row.emoji] = row.count;
    expect(inTable).toEqual(expected);

    // Per user: the row is their last tap.
    const perUser = await test.app.db
      .select({ userId: confessionReactions.userId, emoji: confessionReactions.emoji })
      .from(confessionReactions)
      .where(eq(confessionReactions.confessionId, id));
    const finalState = new Map(perUser.map((row) => [row.userId, row.emoji]));
    users.forEach((user, index) => {
      expect(finalState.get(user.id) ?? null).toBe(plans[index]?.at(-1) ?? null);
    });

    const served = await wallRequest(test.app, author, "GET", CONFESSION_PATHS.confession(id));
    expect(
      (served.json() as { confession: { reactions: ConfessionReactionCounts } }).confession.reactions,
    ).toEqual(expected);
    // The coalesced pushes (read when each window ends) end on the exact state.
    await until(() => JSON.stringify(pushes.payloads.at(-1)?.reactions) === JSON.stringify(expected));
    pushes.stop();
  });
});

/** Waits for a condition the server reaches asynchronously (fails after 5 s). */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 25) {
    if (waited > 5_000) throw new Error("the condition was not reached within 5 s");
    await delay(25);
  }
}
