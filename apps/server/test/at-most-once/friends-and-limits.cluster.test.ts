import { randomBytes, randomUUID } from "node:crypto";
import {
  type AckResult,
  type DirectMessage,
  FRIEND_ERROR_MESSAGES,
  MODERATION_PATHS,
  SERVER_MESSAGES,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { expect, it } from "vitest";
import { MAX_CONVERSION_ATTEMPTS } from "../../src/features/accounts/upgrade-guest";
import { REPORT_RATE_LIMIT } from "../../src/features/moderation/moderation";
import { DEVICE_COOKIE } from "../../src/plugins/device-id";
import { type Member, registerMember } from "../faults/group-traffic";
import { withPg } from "../helpers/scratch-services";
import { recordEvents } from "../helpers/socket-events";
import type { TestClient } from "../helpers/test-app";
import {
  type Answer,
  call,
  callAtOnce,
  describeOnTwoNodes,
  FROM_BOTH_NODES,
  pushesSettled,
  refusal,
} from "./concurrent-calls";

/**
 * Friendship, streak days and the count limits under real concurrency (issue #33): the same request
 * from tabs on two nodes at the same instant, round after round, against PostgreSQL and Redis. One
 * row per unordered pair; a request answered once, the other taps told what happened first; a
 * streak day counted once; no limit passed by requests that each read the count before the others
 * wrote it.
 */

/** A Redis database of its own (2 and 3 are the other races suites', 5–13 the other cluster suites'). */
const REDIS_DB = 4;
const ROUNDS = 5;

describeOnTwoNodes(
  "friendship, streak days and count limits at the same instant on two nodes",
  { databasePrefix: "heartline_amo", redisDb: REDIS_DB },
  (nodes) => {
    const nodeUrl = (index: number) => nodes().nodeUrl(index);
    const register = (username: string) => registerMember(nodeUrl(0), nodes().databaseUrl, username);
    /** A member with a socket on each node. */
    const tabsOf = async (member: Member) => [
      await nodes().connect(member.cookie, 0),
      await nodes().connect(member.cookie, 1),
    ];
    const query = <T extends object>(text: string, values: unknown[]) =>
      withPg(
        nodes().databaseUrl,
        async (client) => (await client.query<T & Record<string, unknown>>(text, values)).rows,
      );
    const pairRows = (one: Member, two: Member) =>
      query<{ id: string; status: string }>(
        `select id, status from friend_requests
          where least(sender_id, receiver_id) = least($1, $2) and greatest(sender_id, receiver_id) = greatest($1, $2)`,
        [one.id, two.id],
      );
    const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

    it(`a friend request tapped on ${FROM_BOTH_NODES.length} tabs of two nodes, ${ROUNDS} rounds: one request, one push, the other taps told it was sent`, async () => {
      const [alice, bob] = [await register("Req_Alice"), await register("Req_Bob")];
      const [aliceTabs, bobTabs] = [await tabsOf(alice), await tabsOf(bob)];
      const pushed = bobTabs.map((tab) => recordEvents(tab, "friend_request"));
      for (let round = 1; round <= ROUNDS; round++) {
        const answers = await callAtOnce(
          nodeUrl,
          FROM_BOTH_NODES,
          alice,
          "POST",
          SOCIAL_PATHS.friendRequests,
          {
            userId: bob.id,
          },
        );
        const sent = answers.filter((answer) => answer.status === 200);
        expect(sent, `round ${round}: one request`).toMatchObject([{ body: { status: "pending" } }]);
        expect(answers.filter((answer) => answer.status !== 200)).toEqual(
          Array(answers.length - 1).fill(refusal(409, "conflict", FRIEND_ERROR_MESSAGES.alreadyRequested)),
        );
        const [row] = await pairRows(alice, bob);
        expect(await pairRows(alice, bob), `round ${round}: one row`).toEqual([
          { id: row?.id, status: "pending" },
        ]);
        await pushesSettled(aliceTabs, bob, bobTabs);
        for (const { payloads } of pushed)
          expect(payloads.filter((request) => request.id === row?.id)).toHaveLength(1);
        // Declined, so that the next round asks again.
        expect(
          (await call(nodeUrl(round % 2), bob, "POST", SOCIAL_PATHS.declineFriendRequest(row?.id ?? "")))
            .status,
        ).toBe(200);
      }
    }, 120_000);

    it(`an accept and a decline tapped at once on two nodes, ${ROUNDS} rounds: the request answered once, the other taps told what came first`, async () => {
      const [alice, bob] = [await register("Ans_Alice"), await register("Ans_Bob")];
      const [aliceTabs, bobTabs] = [await tabsOf(alice), await tabsOf(bob)];
      const updates = aliceTabs.map((tab) => recordEvents(tab, "friend_request_updated"));
      for (let round = 1; round <= ROUNDS; round++) {
        const asked = await call(nodeUrl(0), alice, "POST", SOCIAL_PATHS.friendRequests, { userId: bob.id });
        const id = (asked.body as { request: { id: string } }).request.id;
        const answers = await Promise.all(
          ["accept", "decline", "accept", "decline"].map((action, index) =>
            call(
              nodeUrl(index % 2),
              bob,
              "POST",
              action === "accept"
                ? SOCIAL_PATHS.acceptFriendRequest(id)
                : SOCIAL_PATHS.declineFriendRequest(id),
            ),
          ),
        );
        const answered = answers.filter((answer) => answer.status === 200);
        expect(answered, `round ${round}: answered once`).toHaveLength(1);
        const isAccepted = (answered[0]?.body as { status: string } | undefined)?.status === "accepted";
        // What the other taps would have heard after the first: a friendship, or a request gone.
        const after = isAccepted
          ? refusal(409, "conflict", FRIEND_ERROR_MESSAGES.alreadyFriends)
          : refusal(404, "not_found", FRIEND_ERROR_MESSAGES.requestNotFound);
        expect(
          answers.filter((answer) => answer.status !== 200),
          `round ${round}`,
        ).toEqual(Array(3).fill(after));
        expect(await pairRows(alice, bob)).toEqual(isAccepted ? [{ id, status: "accepted" }] : []);
        await pushesSettled(bobTabs, alice, aliceTabs);
        for (const { payloads } of updates) {
          expect(payloads.filter((update) => update.id === id).map((update) => update.status)).toEqual([
            isAccepted ? "accepted" : "declined",
          ]);
        }
        if (!isAccepted) continue;
        // An unfriend tapped on both nodes ends the friendship once.
        const removals = await callAtOnce(nodeUrl, [0, 1], alice, "DELETE", SOCIAL_PATHS.friend(bob.id));
        expect(removals.map((removal) => (removal.body as { removed: boolean }).removed).sort()).toEqual([
          false,
          true,
        ]);
      }
    }, 120_000);

    it(`two people asking each other at once on two nodes, ${ROUNDS} rounds: one friendship`, async () => {
      const [alice, bob] = [await register("Mut_Alice"), await register("Mut_Bob")];
      for (let round = 1; round <= ROUNDS; round++) {
        const answers = await Promise.all(
          FROM_BOTH_NODES.map((node, index) =>
            call(nodeUrl(node), index < 2 ? alice : bob, "POST", SOCIAL_PATHS.friendRequests, {
              userId: index < 2 ? bob.id : alice.id,
            }),
          ),
        );
        const outcomes = answers
          .filter((answer) => answer.status === 200)
          .map((answer) => (answer.body as { status: string }).status);
        expect(outcomes.sort(), `round ${round}: one request, accepted by the other's`).toEqual([
          "accepted",
          "pending",
        ]);
        for (const answer of answers.filter((each) => each.status !== 200)) {
          expect([
            refusal(409, "conflict", FRIEND_ERROR_MESSAGES.alreadyRequested),
            refusal(409, "conflict", FRIEND_ERROR_MESSAGES.alreadyFriends),
          ]).toContainEqual(answer);
        }
        expect((await pairRows(alice, bob)).map((row) => row.status)).toEqual(["accepted"]);
        expect((await call(nodeUrl(0), alice, "DELETE", SOCIAL_PATHS.friend(bob.id))).body).toEqual({
          removed: true,
        });
      }
    }, 120_000);

    it(`friends sending from tabs on both nodes at once, ${2 * ROUNDS} days: the streak rises once a day`, async () => {
      const [one, two] = [await register("Day_One"), await register("Day_Two")];
      await query(
        "insert into friend_requests (sender_id, receiver_id, status) values ($1, $2, 'accepted')",
        [one.id, two.id],
      );
      const [oneTabs, twoTabs] = [await tabsOf(one), await tabsOf(two)];
      const send = (tab: TestClient, to: Member) =>
        tab.timeout(15_000).emitWithAck("direct_message", {
          id: randomUUID(),
          receiverId: to.id,
          content: `day ${randomUUID()}`,
          type: "text",
        }) as Promise<AckResult<DirectMessage>>;
      const pair = [one.id, two.id].sort();
      for (let day = 1; day <= 2 * ROUNDS; day++) {
        // The nodes' clocks cannot move: "a new day" is yesterday's streak, moved back a calendar day.
        await query(
          `update streaks set last_streak_day = to_char(last_streak_day::date - 1, 'YYYY-MM-DD'),
              last_message_at = last_message_at - interval '24 hours' where user_a = $1 and user_b = $2`,
          pair,
        );
        const acks = await Promise.all([
          ...oneTabs.map((tab) => send(tab, two)),
          ...twoTabs.map((tab) => send(tab, one)),
        ]);
        expect(
          acks.map((ack) => ack.ok),
          `day ${day}`,
        ).toEqual([true, true, true, true]);
        const [streak] = await query<{ count: number }>(
          "select count from streaks where user_a = $1 and user_b = $2",
          pair,
        );
        expect(streak?.count, `day ${day}: counted once`).toBe(day);
      }
    }, 120_000);

    it("reports sent at once from one reporter on two nodes: exactly the hourly limit stored, the rest refused", async () => {
      const [reporter, target] = [await register("Rep_Reporter"), await register("Rep_Target")];
      const tries = REPORT_RATE_LIMIT.points + 3;
      const answers = await callAtOnce(
        nodeUrl,
        Array.from({ length: tries }, (_, index) => index % 2),
        reporter,
        "POST",
        MODERATION_PATHS.reports,
        { targetUserId: target.id, reason: "spam" },
      );
      expect(statuses(answers).filter((status) => status === 201)).toHaveLength(REPORT_RATE_LIMIT.points);
      expect(answers.filter((answer) => answer.status !== 201)).toEqual(
        Array(3).fill(refusal(429, "rate_limited", SERVER_MESSAGES.tooManyReports)),
      );
      const stored = await query<{ n: string }>("select count(*) as n from reports where reporter_id = $1", [
        reporter.id,
      ]);
      expect(Number(stored[0]?.n)).toBe(REPORT_RATE_LIMIT.points);
    });

    it(`a guest's upgrade sent at once from tabs on two nodes, ${ROUNDS} guests: one attempt past the last allowed is refused, none counted twice`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const username = `Up_Guest${round}`;
        const guest = await guestOn(nodeUrl(0), username);
        // The guest has one attempt left (spec §5: blocked at 3 or more).
        await query('update "user" set conversion_attempts = $2 where id = $1', [
          guest.id,
          MAX_CONVERSION_ATTEMPTS - 1,
        ]);
        const emails = FROM_BOTH_NODES.map((_, index) => `up${round}.${index}@example.com`);
        const answers = await callAtOnce(
          nodeUrl,
          FROM_BOTH_NODES,
          guest,
          "POST",
          "/api/accounts/sign-up",
          (index) => ({
            email: emails[index],
            password: "secret-pass-123",
            username,
            dob: "1990-04-12",
            gender: "other",
          }),
        );
        const upgraded = answers.findIndex((answer) => answer.status === 200);
        expect(answers[upgraded], `round ${round}: one upgrade`).toMatchObject({
          body: { mode: "upgrade", user: { conversionAttempts: MAX_CONVERSION_ATTEMPTS } },
        });
        expect(
          answers.filter((_, index) => index !== upgraded),
          `round ${round}: the others refused`,
        ).toEqual(
          Array(answers.length - 1).fill(refusal(403, "forbidden", SERVER_MESSAGES.tooManyConversions)),
        );
        const [row] = await query<{ conversion_attempts: number; email: string }>(
          'select conversion_attempts, email from "user" where id = $1',
          [guest.id],
        );
        expect(row).toEqual({ conversion_attempts: MAX_CONVERSION_ATTEMPTS, email: emails[upgraded] });
        const credentials = await query(
          "select 1 from account where user_id = $1 and provider_id = 'credential'",
          [guest.id],
        );
        expect(credentials).toHaveLength(1);
      }
    }, 120_000);
  },
);

/** A guest made through the product's route (no human check in these suites), with its session cookie. */
async function guestOn(nodeUrl: string, username: string): Promise<Member> {
  const response = await fetch(`${nodeUrl}/api/accounts/guest`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", "content-type": "application/json" },
    body: JSON.stringify({ username, dob: "1990-04-12", gender: "other" }),
  });
  const session = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("better-auth.session_token="));
  if (response.status !== 200 || !session)
    throw new Error(`guest ${username}: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return {
    id: user.id,
    username,
    cookie: `${session.split(";")[0]}; ${DEVICE_COOKIE}=${randomBytes(16).toString("hex")}`,
  };
}
