import { SOCIAL_PATHS } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { friendRequests, userBlocks } from "../../src/db/schema";
import { type DmMember, dmMember, sendOk, text, uniqueName } from "../direct-messages/dm-fixtures";
import { asPerson, createRegistered, emitWithAck, requestAs } from "../fixtures/group-fixtures";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Issue #38: a friend's open thread said "Offline" while they were online (no presence push at all).
 * Now `user:status` follows a signed-in person's comings and goings to their friends and DM partners,
 * and to nobody else (a stranger, or a partner either side blocked, learns nothing from pushes).
 */
describe("presence pushes to friends and DM partners only", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  /** Every push sent before this ack has reached `member` (one connection keeps its order). */
  const drained = (member: DmMember) => emitWithAck(member.socket, "ping");

  it("a friend and a DM partner hear online then offline; a stranger and a blocked partner hear nothing", async () => {
    const ben = await createRegistered(test.app, uniqueName("pb"));
    const friend = await dmMember(test, "pf");
    const partner = await dmMember(test, "pp");
    const stranger = await dmMember(test, "ps");
    const blocked = await dmMember(test, "px");
    await test.app.db
      .insert(friendRequests)
      .values({ senderId: friend.person.id, receiverId: ben.id, status: "accepted" });
    await sendOk(partner.socket, text(ben.id, "hello Ben"));
    await sendOk(blocked.socket, text(ben.id, "hello from me too"));
    await test.app.db.insert(userBlocks).values({ blockerId: ben.id, blockedId: blocked.person.id });

    const heard = [friend, partner, stranger, blocked].map((member) =>
      recordEvents(member.socket, "user:status"),
    );
    const friendHearsOnline = nextEvent(friend.socket, "user:status");
    const partnerHearsOnline = nextEvent(partner.socket, "user:status");
    const benSocket = await test.connect(asPerson(ben));
    expect(await friendHearsOnline).toEqual({ userId: ben.id, status: "online" });
    expect(await partnerHearsOnline).toEqual({ userId: ben.id, status: "online" });

    // The thread's detail says so too, for a partner; never for a blocked one.
    const detail = await requestAs(test.app, partner.person, "GET", SOCIAL_PATHS.conversation(ben.id));
    expect(detail.json()).toMatchObject({ partnerStatus: "online", isFriend: false });
    const blockedDetail = await requestAs(test.app, blocked.person, "GET", SOCIAL_PATHS.conversation(ben.id));
    expect(blockedDetail.json()).toMatchObject({ partnerStatus: null });

    const friendHearsOffline = nextEvent(friend.socket, "user:status");
    benSocket.disconnect();
    expect(await friendHearsOffline).toEqual({ userId: ben.id, status: "offline" });

    await Promise.all([drained(stranger), drained(blocked), drained(partner)]);
    const [toFriend, toPartner, toStranger, toBlocked] = heard.map((record) => record.payloads);
    expect(toFriend).toEqual([
      { userId: ben.id, status: "online" },
      { userId: ben.id, status: "offline" },
    ]);
    expect(toPartner?.map((payload) => payload.status)).toEqual(["online", "offline"]);
    expect(toStranger).toEqual([]);
    expect(toBlocked).toEqual([]);
    for (const record of heard) record.stop();
  });
});
