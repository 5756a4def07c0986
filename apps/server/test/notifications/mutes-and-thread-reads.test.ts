import { randomUUID } from "node:crypto";
import { type ConversationMuteState, NOTIFICATION_PATHS, SOCIAL_PATHS } from "@heartline/shared";
import { describe, expect, it, vi } from "vitest";
import { sendOk, text } from "../direct-messages/dm-fixtures";
import { asPerson, personHeaders, requestAs, type TestPerson } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import type { TestClient } from "../helpers/test-app";
import { useNotificationApp } from "./notification-app";

/**
 * Issue #40 gaps: a conversation muted from the thread (its state on every tab), the message that
 * unhides a hidden conversation (told nothing), and a DM thread read reads its inbox item (every tab's
 * unread count follows).
 */
describe("conversation mutes and thread reads", () => {
  const { app, service, idle, subscriber, inbox, nextPush, befriendRequest } = useNotificationApp();
  const tab = (person: TestPerson): Promise<TestClient> => app().connect(asPerson(person));
  /** No tab of `person` is open on any node (a DM is then kept and pushed). */
  const closeAll = async (person: TestPerson, ...tabs: TestClient[]) => {
    for (const open of tabs) open.disconnect();
    await vi.waitFor(async () =>
      expect(await app().app.io.in(`user:${person.id}`).fetchSockets()).toHaveLength(0),
    );
  };

  /** PUT (mute), DELETE (unmute) or GET (the state) of `person`'s conversation with `partnerId`. */
  const mute = (person: TestPerson, method: "GET" | "PUT" | "DELETE", partnerId: string) =>
    app().app.inject({ method, url: NOTIFICATION_PATHS.mute(partnerId), headers: personHeaders(person) });

  it("mutes a conversation: the state is answered and heard on every tab; no push and no inbox item", async () => {
    const [sender, receiver, other] = [
      await subscriber("snd"),
      await subscriber("rcv"),
      await subscriber("oth"),
    ];
    const senderTab = await tab(sender);
    const [first, second] = [await tab(receiver), await tab(receiver)];
    const state = async () => (await mute(receiver, "GET", sender.id)).json();
    expect(await state()).toEqual({ partnerId: sender.id, muted: false });

    const heard = nextEvent(second, "notification_mute");
    const muted = await mute(receiver, "PUT", sender.id);
    expect(muted.statusCode).toBe(200);
    const expected: ConversationMuteState = { partnerId: sender.id, muted: true };
    expect(muted.json()).toEqual(expected);
    expect(await heard).toEqual(expected);
    expect(await state()).toEqual(expected);

    await closeAll(receiver, first, second);
    await sendOk(senderTab, text(receiver.id, "muted now"));
    // Events are handled in order: the friend request's push comes after the message was judged.
    await befriendRequest(other, receiver);
    expect((await nextPush(receiver)).payload.item.kind).toBe("friend_request");
    expect(service().received(receiver.username)).toHaveLength(1);
    expect((await inbox(receiver)).items.map((item) => item.kind)).toEqual(["friend_request"]);

    // Unmuted: the next message is kept and pushed again.
    const third = await tab(receiver);
    const unheard = nextEvent(third, "notification_mute");
    const unmuted = await mute(receiver, "DELETE", sender.id);
    expect(unmuted.json()).toEqual({ partnerId: sender.id, muted: false });
    expect(await unheard).toEqual({ partnerId: sender.id, muted: false });
    await closeAll(receiver, third);
    await sendOk(senderTab, text(receiver.id, "heard again"));
    expect((await nextPush(receiver)).payload.item.kind).toBe("direct_message");
  });

  it("tells nothing of the message from a hidden conversation's sender: no push, no inbox item", async () => {
    const [sender, receiver] = [await subscriber("snd"), await subscriber("hid")];
    const senderTab = await tab(sender);
    await sendOk(senderTab, text(receiver.id, "before hiding"));
    expect((await nextPush(receiver)).payload.item).toMatchObject({ kind: "direct_message", count: 1 });
    const hidden = await requestAs(app().app, receiver, "POST", SOCIAL_PATHS.conversationHide(sender.id), {});
    expect(hidden.json()).toMatchObject({ partnerId: sender.id, hidden: true });

    // This message unhides the conversation; the notifications stay silent about it.
    await sendOk(senderTab, text(receiver.id, "unhides it"));
    await idle();
    expect(service().attempts(receiver.username)).toBe(1);
    const { items } = await inbox(receiver);
    expect(items.map((item) => [item.kind, item.count])).toEqual([["direct_message", 1]]);

    // Shown again: the next message is told, its thread counting only what it was told.
    await sendOk(senderTab, text(receiver.id, "after"));
    expect((await nextPush(receiver)).payload.item).toMatchObject({ kind: "direct_message", count: 2 });
  });

  it("refuses to mute someone who does not exist, and tells a muted state to its owner only", async () => {
    const [owner, partner, stranger] = [
      await subscriber("own"),
      await subscriber("prt"),
      await subscriber("str"),
    ];
    const missing = await mute(owner, "PUT", randomUUID().replaceAll("-", "").slice(0, 24));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("not_found");
    await mute(owner, "PUT", partner.id);
    const theirs = await mute(stranger, "GET", partner.id);
    expect(theirs.json()).toEqual({ partnerId: partner.id, muted: false });
  });

  it("reading a DM thread reads its inbox item and every tab of the reader hears the new count", async () => {
    const [sender, reader, asker] = [
      await subscriber("snd"),
      await subscriber("rdr"),
      await subscriber("ask"),
    ];
    const senderTab = await tab(sender);
    await sendOk(senderTab, text(reader.id, "read me"));
    await nextPush(reader);
    await befriendRequest(asker, reader);
    await nextPush(reader);
    const before = await inbox(reader);
    expect(before.unreadCount).toBe(2);
    const thread = before.items.find((item) => item.kind === "direct_message");
    expect(thread).toMatchObject({ read: false });

    const [reading, elsewhere] = [await tab(reader), await tab(reader)];
    const heard = nextEvent(elsewhere, "notifications_read");
    const read = await requestAs(app().app, reader, "POST", SOCIAL_PATHS.conversationRead(sender.id), {});
    expect(read.statusCode).toBe(200);
    expect(await heard).toEqual({ ids: [thread?.id], all: false, unreadCount: 1 });
    const after = await inbox(reader);
    expect(after.unreadCount).toBe(1);
    expect(after.items.find((item) => item.id === thread?.id)).toMatchObject({ read: true });
    expect(after.items.find((item) => item.kind === "friend_request")).toMatchObject({ read: false });

    // Read again: nothing changed, nothing is pushed (the next event heard is the next real one).
    const next = nextEvent(reading, "notifications_read");
    await requestAs(app().app, reader, "POST", SOCIAL_PATHS.conversationRead(sender.id), {});
    await requestAs(app().app, reader, "POST", NOTIFICATION_PATHS.read, { all: true });
    expect(await next).toMatchObject({ all: true, unreadCount: 0 });
  });
});
