import type { GroupJoinData, GroupPeoplePage } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPerson, createGuest, emitWithAck } from "../fixtures/group-fixtures";
import { delay } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

/** Every event the room's presence ever used: the current ones and the ones that used to flood it. */
const PRESENCE_EVENTS = [
  "group_people",
  "group_people_counts",
  "group_presence",
  "online_users_update",
  "users:online",
  "user:status",
];
/** What each existing member shows: the top of the list. */
const SHOWN = 5;
const JOINERS = 10;
/** Longer than a coalesce window (and the counts' cadence at these sizes): what a change set off is out. */
const SETTLE_MS = 700;

interface Traffic {
  /** `group_people` and the legacy list events, over all existing members. */
  listEvents: number;
  listBytes: number;
  /** The most `group_people_counts` any one member received. */
  countsPerMemberMax: number;
  /** The joiners' acks: what a join costs the joiner. */
  ackBytes: number;
}

/**
 * Issue #16: filling the room was quadratic (every join went to every member, and every joiner got the
 * whole room). Counts, not timings: what the members of a room of `size` receive while `JOINERS` more
 * join, for two sizes. A join outside the part of the list a member shows reaches nobody's list; the
 * counts are coalesced (not one per join); a join ack carries the counts and one page.
 */
describe("group presence traffic per join does not grow with the room", () => {
  let test: TestApp;
  let round = 0;

  beforeAll(async () => {
    // Everyone here connects from one address.
    test = await startTestApp({ env: { SOCKET_CONNECTIONS_PER_IP: "1000" } });
  }, 60_000);
  afterAll(async () => {
    await test.close();
  });

  async function seat(name: string): Promise<{ socket: TestClient; ack: GroupJoinData }> {
    const person = await createGuest(test.app, name);
    const socket = await test.connect(asPerson(person));
    const joined = await emitWithAck<GroupJoinData>(socket, "join_group");
    if (!joined.ok) throw new Error(joined.error.message);
    return { socket, ack: joined.data };
  }

  async function measure(size: number): Promise<Traffic> {
    round += 1;
    const members: TestClient[] = [];
    // Members sort first ("a…"), joiners last ("z…"): every join lands below every page shown.
    for (let index = 0; index < size; index += 1) {
      members.push((await seat(`a${round}_${String(index).padStart(3, "0")}`)).socket);
    }
    for (const socket of members) {
      const page = await emitWithAck<GroupPeoplePage>(socket, "group_people_window", {
        offset: 0,
        limit: SHOWN,
      });
      if (!page.ok) throw new Error(page.error.message);
      expect(page.data.users).toHaveLength(SHOWN);
    }
    await delay(SETTLE_MS);

    const traffic: Traffic = { listEvents: 0, listBytes: 0, countsPerMemberMax: 0, ackBytes: 0 };
    const countsSeen = new Map<TestClient, number>();
    const listeners = members.map((socket) => {
      const listener = (event: string, payload: unknown) => {
        if (!PRESENCE_EVENTS.includes(event)) return;
        if (event === "group_people_counts") {
          countsSeen.set(socket, (countsSeen.get(socket) ?? 0) + 1);
          return;
        }
        traffic.listEvents += 1;
        traffic.listBytes += JSON.stringify(payload).length;
      };
      socket.onAny(listener);
      return () => socket.offAny(listener);
    });
    // Together, as a room fills.
    const joined = await Promise.all(
      Array.from({ length: JOINERS }, (_, index) => seat(`z${round}_${String(index).padStart(3, "0")}`)),
    );
    await delay(SETTLE_MS);
    for (const stop of listeners) stop();
    traffic.countsPerMemberMax = Math.max(0, ...countsSeen.values());
    // Every member still has the whole room in its counts.
    const last = await emitWithAck<GroupPeoplePage>(members[0] as TestClient, "group_people_window", {
      offset: 0,
      limit: SHOWN,
    });
    if (!last.ok) throw new Error(last.error.message);
    expect(last.data.counts.online).toBeGreaterThanOrEqual(size + JOINERS);
    for (const { ack, socket } of joined) {
      traffic.ackBytes += JSON.stringify({
        onlineUsers: ack.onlineUsers,
        peopleCounts: ack.peopleCounts,
      }).length;
      expect(ack.onlineUsers.length).toBeLessThanOrEqual(50);
      socket.disconnect();
    }
    for (const socket of members) socket.disconnect();
    await delay(SETTLE_MS);
    return traffic;
  }

  it("sends existing members nothing per join outside what they show, coalesced counts, and a bounded ack", async () => {
    const small = await measure(60);
    const large = await measure(120);
    // No list traffic for joins below every page shown, in either room.
    expect(small.listEvents).toBe(0);
    expect(large.listEvents).toBe(0);
    // The counts are coalesced: far fewer pushes per member than joins, whatever the room's size.
    expect(small.countsPerMemberMax).toBeGreaterThanOrEqual(1);
    expect(small.countsPerMemberMax).toBeLessThanOrEqual(JOINERS / 2);
    expect(large.countsPerMemberMax).toBeLessThanOrEqual(JOINERS / 2);
    // A joiner's ack is the counts and the first page: the same size in a room of 60 as in one of 120.
    expect(large.ackBytes).toBeLessThanOrEqual(small.ackBytes * 1.1);
  }, 180_000);
});
