import { randomUUID } from "node:crypto";
import {
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_FLAG_REASON,
  AUTOMOD_MESSAGES,
  AUTOMOD_PATHS,
  AUTOMOD_REPORTER_ID,
  AUTOMOD_REPORTER_NAME,
  AUTOMOD_REVIEW_REASON,
  automodBlockedMessage,
  automodRuleMessage,
  automodUsernameMessage,
  type GroupJoinData,
  type GroupMessage,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confessionComments, confessions, directMessages, groupMessages } from "../../src/db/schema";
import { FLOOD_RULE, LINK_RULES } from "../../src/features/automod/screen-message";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV } from "../accounts/accounts-client";
import { errorOf, postComment, postConfession } from "../confessions/wall-fixtures";
import { dmMember, sendDm, text } from "../direct-messages/dm-fixtures";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { matchedPair, messageId, send } from "../random-chat/random-chat-clients";
import { addRule, ageAccount, openReports } from "./automod-fixtures";

const SLURS = "Slurs (built-in)";
const blocked = (rule: string) => ({
  ok: false,
  error: { code: AUTOMOD_BLOCKED_CODE, message: automodBlockedMessage(rule) },
});
const linkBlocked = (rule: { name: string; why: string }) => ({
  ok: false,
  error: { code: AUTOMOD_BLOCKED_CODE, message: automodRuleMessage(rule.name, rule.why) },
});

/**
 * Issue #15, text and links: every action on every surface, on the real database and real sockets. A
 * blocked message is never stored nor delivered (the partner's next message is the harmless one sent
 * after it), a masked one is stored masked, a flagged one is stored and queued with its rule.
 */
describe("AutoMod: words, links and floods on every surface (issue #15)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let veteran: TestPerson;
  let listener: TestPerson;
  let veteranSocket: TestClient;
  let listenerSocket: TestClient;

  const joinGroup = async (socket: TestClient) => {
    const joined = await emitWithAck<GroupJoinData>(socket, "join_group", {});
    expect(joined.ok).toBe(true);
  };
  let members = 0;
  /** A fresh month-old member in the room (each test its own: the room's per-sender rate limit). */
  const member = async () => {
    members += 1;
    const person = await createRegistered(test.app, `Member_${members}`);
    await ageAccount(test.app, person, 30);
    const socket = await test.connect(asPerson(person));
    await joinGroup(socket);
    return { person, socket };
  };
  const groupRow = async (id: string) =>
    (await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, id)))[0];

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
    admin = await createRegistered(test.app, "Ada_Admin", { isAdmin: true });
    veteran = await createRegistered(test.app, "Vera_Veteran");
    listener = await createRegistered(test.app, "Lenny_Listener");
    await ageAccount(test.app, veteran, 30);
    veteranSocket = await test.connect(asPerson(veteran));
    listenerSocket = await test.connect(asPerson(listener));
    await joinGroup(veteranSocket);
    await joinGroup(listenerSocket);
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  /**
   * Sends `refused` then a harmless message: the listener gets the harmless one and never the refused
   * one (one sender's broadcasts arrive in order; a message acked earlier may still be on its way).
   */
  async function expectGroupRefusal(socket: TestClient, content: string, expected: unknown) {
    const payload = groupText(content);
    const received = recordEvents(listenerSocket, "group_message");
    expect(await emitWithAck(socket, "group_message", payload)).toEqual(expected);
    const harmless = groupText(`harmless ${randomUUID()}`);
    const delivered = nextEvent(listenerSocket, "group_message", (message) => message.id === harmless.id);
    expect((await emitWithAck(socket, "group_message", harmless)).ok).toBe(true);
    await delivered;
    received.stop();
    expect(received.payloads.map((message) => message.id)).not.toContain(payload.id);
    expect(await groupRow(payload.id)).toBeUndefined();
    return payload.id;
  }

  describe("group room", () => {
    it("blocks a slur, in leetspeak and spaced out, naming the rule; nothing stored or broadcast", async () => {
      // A member each: a third hit would mute the sender (automod-strikes.test.ts).
      for (const content of ["you n1gg3r", "what a f@g", "k i k e"]) {
        const { socket } = await member();
        await expectGroupRefusal(socket, content, blocked(SLURS));
      }
    });

    it("masks ordinary profanity, leetspeak and spacing too, and stores and broadcasts it masked", async () => {
      const { socket } = await member();
      for (const [content, masked] of [
        ["what the fuck", "what the ****"],
        ["sh1t happens", "**** happens"],
        ["f u c k this", "**** this"],
      ] as const) {
        const payload = groupText(content);
        const seen = nextEvent(listenerSocket, "group_message", (message) => message.id === payload.id);
        const ack = await emitWithAck<{ message: GroupMessage }>(socket, "group_message", payload);
        expect(ack.ok).toBe(true);
        expect((await seen).content).toBe(masked);
        expect((await groupRow(payload.id))?.content).toBe(masked);
      }
    });

    it("lets ordinary words that contain listed letters through untouched", async () => {
      const content = "Scunthorpe assassin classic cocktail analysis therapist Sussex";
      const payload = groupText(content);
      const { socket } = await member();
      expect((await emitWithAck(socket, "group_message", payload)).ok).toBe(true);
      expect((await groupRow(payload.id))?.content).toBe(content);
    });

    it("flags a custom flag rule: stored as sent, and an AutoMod report in the queue with the rule", async () => {
      await addRule(test.app, admin, {
        name: "Crypto scams",
        phrase: "free bitcoin",
        surfaces: ["group"],
        action: "flag",
      });
      const payload = groupText("get FREE B1TCOIN here");
      const { socket, person } = await member();
      expect((await emitWithAck(socket, "group_message", payload)).ok).toBe(true);
      expect((await groupRow(payload.id))?.content).toBe("get FREE B1TCOIN here");
      const flag = (await openReports(test.app, admin)).find((report) => report.messageId === payload.id);
      expect(flag).toMatchObject({
        reporterId: AUTOMOD_REPORTER_ID,
        reporterUsername: AUTOMOD_REPORTER_NAME,
        targetId: person.id,
        context: "group",
        reason: AUTOMOD_FLAG_REASON,
        details: "Rule “Crypto scams” matched “FREE B1TCOIN”.",
        snapshot: [{ id: payload.id, content: "get FREE B1TCOIN here", senderId: person.id, type: "text" }],
      });
      // The admin reverses it: dismissed, out of the open queue.
      const dismissed = await requestAs(test.app, admin, "POST", `/api/admin/reports/${flag?.id}/dismiss`);
      expect(dismissed.json()).toMatchObject({ report: { id: flag?.id, status: "dismissed" } });
      expect((await openReports(test.app, admin)).some((report) => report.id === flag?.id)).toBe(false);
    });

    it("a custom block rule applies at once and stops when the admin removes it", async () => {
      const rule = await addRule(test.app, admin, {
        name: "No spoilers",
        phrase: "snape kills",
        surfaces: ["group", "dm"],
        action: "block",
      });
      const { socket } = await member();
      await expectGroupRefusal(socket, "so snape kills dumbledore", blocked("No spoilers"));
      const removed = await requestAs(test.app, admin, "DELETE", AUTOMOD_PATHS.adminRule(rule.id));
      expect(removed.json()).toEqual({ removed: true });
      const payload = groupText("so snape kills dumbledore");
      expect((await emitWithAck(socket, "group_message", payload)).ok).toBe(true);
    });
  });

  describe("links in the group room", () => {
    it("refuses links from guests and day-old accounts, allows them from older accounts", async () => {
      const guest = await createGuest(test.app, "Gus_Guest");
      const newcomer = await createRegistered(test.app, "Nina_Newcomer");
      for (const person of [guest, newcomer]) {
        const socket = await test.connect(asPerson(person));
        await joinGroup(socket);
        await expectGroupRefusal(socket, "see example.com/page", linkBlocked(LINK_RULES.newAccount));
      }
      const payload = groupText("see https://example.com/page");
      expect((await emitWithAck(veteranSocket, "group_message", payload)).ok).toBe(true);
    });

    it("exempts admins from the account-age rule, not from invites", async () => {
      const socket = await test.connect(asPerson(admin));
      await joinGroup(socket);
      const ack = await emitWithAck(socket, "group_message", groupText("rules at https://example.com/rules"));
      expect(ack.ok).toBe(true);
      await expectGroupRefusal(socket, "join discord.gg/abcdef", linkBlocked(LINK_RULES.invite));
    });

    it("refuses invite links and shorteners even from old accounts", async () => {
      const { socket } = await member();
      await expectGroupRefusal(socket, "join discord.gg/abcdef", linkBlocked(LINK_RULES.invite));
      await expectGroupRefusal(socket, "https://t.me/somechannel", linkBlocked(LINK_RULES.invite));
      const other = await member();
      await expectGroupRefusal(other.socket, "look https://bit.ly/3xyz", linkBlocked(LINK_RULES.shortener));
    });
  });

  describe("direct messages", () => {
    it("allow ordinary profanity unmasked, block slurs, invites and shorteners (nothing stored)", async () => {
      const sender = await dmMember(test, "dmS");
      const receiver = await dmMember(test, "dmR");
      const ok = await sendDm(sender.socket, text(receiver.person.id, "what the fuck"));
      expect(ok.ok && ok.data.content).toBe("what the fuck");
      for (const [content, expected] of [
        ["you r3tard", blocked(SLURS)],
        ["add me chat.whatsapp.com/abc", linkBlocked(LINK_RULES.invite)],
        ["tinyurl.com/abc", linkBlocked(LINK_RULES.shortener)],
      ] as const) {
        const payload = text(receiver.person.id, content);
        expect(await sendDm(sender.socket, payload)).toEqual(expected);
        expect(
          await test.app.db.select().from(directMessages).where(eq(directMessages.id, payload.id)),
        ).toEqual([]);
      }
      // A link from a new account is fine in a DM (the age rule is for public places).
      expect((await sendDm(sender.socket, text(receiver.person.id, "https://example.com"))).ok).toBe(true);
    });

    it("slows and flags a near-duplicate flood from one sender", async () => {
      const sender = await dmMember(test, "dmF");
      const receiver = await dmMember(test, "dmG");
      const answers = [];
      const variants = [
        "Buy my course now!",
        "buy my course now!!",
        "BUY MY COURSE NOW",
        "Buy  my  course  now 🔥",
        "buy my coursee noww!!!",
        "Buy, my course, now.",
        "b-u-y my course now",
      ];
      for (const variant of variants) {
        answers.push(await sendDm(sender.socket, text(receiver.person.id, variant)));
      }
      expect(answers.slice(0, 5).every((answer) => answer.ok)).toBe(true);
      expect(answers[5]).toEqual({ ok: false, error: { code: "rate_limited", message: FLOOD_RULE.message } });
      expect(answers[6]).toEqual({ ok: false, error: { code: "rate_limited", message: FLOOD_RULE.message } });
      const flags = (await openReports(test.app, admin)).filter(
        (report) => report.targetId === sender.person.id && report.details?.includes(FLOOD_RULE.name),
      );
      expect(flags).toHaveLength(1);
      expect(flags[0]).toMatchObject({ context: "dm", reporterId: AUTOMOD_REPORTER_ID });
    });
  });

  describe("random chat", () => {
    it("delivers profanity as typed, blocks slurs and shorteners without delivering them", async () => {
      const { a, b } = await matchedPair(test);
      const first = nextEvent(b.client, "chat_message");
      expect((await send(a, "damn this is shit")).ok).toBe(true);
      expect((await first).content).toBe("damn this is shit");
      const next = nextEvent(b.client, "chat_message");
      expect(await send(a, "ch1nk")).toEqual(blocked(SLURS));
      expect(await send(a, "goo.gl/xyz")).toEqual(linkBlocked(LINK_RULES.shortener));
      const harmlessId = messageId();
      expect((await send(a, "hello there", harmlessId)).ok).toBe(true);
      expect((await next).id).toBe(harmlessId);
      a.client.disconnect();
      b.client.disconnect();
    });
  });

  describe("confession wall", () => {
    it("masks profanity in posts and comments, blocks slurs and links from new accounts", async () => {
      const { id, response } = await postConfession(test.app, veteran, "I f*cking love Mondays, fuck");
      expect(response.statusCode).toBe(201);
      const [stored] = await test.app.db.select().from(confessions).where(eq(confessions.id, id));
      expect(stored?.content).toBe("I ****ing love Mondays, ****");

      const comment = await postComment(test.app, veteran, id, "holy shit");
      expect(comment.response.statusCode).toBe(201);
      const [storedComment] = await test.app.db
        .select()
        .from(confessionComments)
        .where(eq(confessionComments.id, comment.id));
      expect(storedComment?.content).toBe("holy ****");

      const slur = await postConfession(test.app, veteran, "all of them are sp4stics");
      expect(slur.response.statusCode).toBe(422);
      expect(errorOf(slur.response)).toEqual({
        code: AUTOMOD_BLOCKED_CODE,
        message: automodBlockedMessage(SLURS),
      });
      expect(await test.app.db.select().from(confessions).where(eq(confessions.id, slur.id))).toEqual([]);

      const newcomer = await createRegistered(test.app, "Nora_New");
      const link = await postConfession(test.app, newcomer, "read my story at example.org");
      expect(errorOf(link.response)).toEqual({
        code: AUTOMOD_BLOCKED_CODE,
        message: automodRuleMessage(LINK_RULES.newAccount.name, LINK_RULES.newAccount.why),
      });
    });

    it("flags a confession under a custom wall rule, with the wall's context", async () => {
      await addRule(test.app, admin, {
        name: "Doxxing",
        phrase: "home address",
        surfaces: ["confession"],
        action: "flag",
      });
      const { id, response } = await postConfession(
        test.app,
        veteran,
        "my ex's home address is on the fridge",
      );
      expect(response.statusCode).toBe(201);
      const flag = (await openReports(test.app, admin)).find((report) => report.messageId === id);
      expect(flag).toMatchObject({ context: "confession", reporterId: AUTOMOD_REPORTER_ID });
      expect(flag?.details).toBe("Rule “Doxxing” matched “home address”.");
    });
  });

  describe("review requests", () => {
    it("files a blocked message into the queue once; a second ask and someone else's id are refused", async () => {
      const { socket, person } = await member();
      const id = await expectGroupRefusal(socket, "go away tr4nny", blocked(SLURS));
      const first = await requestAs(test.app, person, "POST", AUTOMOD_PATHS.reviews, { messageId: id });
      expect(first.statusCode).toBe(201);
      const { reportId } = first.json() as { reportId: string };
      const review = (await openReports(test.app, admin)).find((report) => report.id === reportId);
      expect(review).toMatchObject({
        reason: AUTOMOD_REVIEW_REASON,
        reporterId: person.id,
        targetId: person.id,
        context: "group",
        messageId: id,
        snapshot: [{ id, content: "go away tr4nny" }],
      });
      expect(review?.details).toContain(`Rule “${SLURS}” matched “tr4nny”.`);

      const again = await requestAs(test.app, person, "POST", AUTOMOD_PATHS.reviews, { messageId: id });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({ code: "conflict", message: AUTOMOD_MESSAGES.reviewAlreadyRequested });
      const stranger = await requestAs(test.app, listener, "POST", AUTOMOD_PATHS.reviews, { messageId: id });
      expect(stranger.statusCode).toBe(404);
      expect(errorOf(stranger)).toEqual({ code: "not_found", message: AUTOMOD_MESSAGES.reviewNotBlocked });
    });
  });

  describe("admin rule routes", () => {
    it("lists built-ins first, refuses removing them, refuses non-admins and bad phrases", async () => {
      const list = await requestAs(test.app, admin, "GET", AUTOMOD_PATHS.adminRules);
      const { rules } = list.json() as { rules: Array<{ id: string; name: string; isBuiltin: boolean }> };
      expect(rules.slice(0, 2).map((rule) => [rule.name, rule.isBuiltin])).toEqual([
        [SLURS, true],
        ["Profanity (built-in)", true],
      ]);
      const builtin = await requestAs(test.app, admin, "DELETE", AUTOMOD_PATHS.adminRule("builtin-slurs"));
      expect(errorOf(builtin)).toEqual({
        code: "bad_request",
        message: AUTOMOD_MESSAGES.builtinNotRemovable,
      });
      const notAdmin = await requestAs(test.app, veteran, "GET", AUTOMOD_PATHS.adminRules);
      expect(notAdmin.statusCode).toBe(403);
      const bad = await requestAs(test.app, admin, "POST", AUTOMOD_PATHS.adminRules, {
        name: "Regex",
        phrase: "a.*b",
        surfaces: ["group"],
        action: "block",
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).message).toBe(AUTOMOD_MESSAGES.phraseInvalid);
    });
  });

  describe("usernames", () => {
    it("refuses a slur in a guest's and a sign-up's name, naming the rule", async () => {
      for (const [path, body] of [
        ["/api/accounts/guest", { username: "Big_N1gger", dob: ADULT_DOB, gender: "male" }],
        [
          "/api/accounts/sign-up",
          {
            username: "kike_hater",
            email: "slur@example.com",
            password: "a-long-unusual-pass",
            dob: ADULT_DOB,
            gender: "male",
          },
        ],
      ] as const) {
        const response = await new AccountsClient(test.app).post(path, body);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          error: { code: AUTOMOD_BLOCKED_CODE, message: automodUsernameMessage(SLURS) },
        });
      }
      expect(
        (
          await new AccountsClient(test.app).post("/api/accounts/guest", {
            username: "Scunthorpe_Fan",
            dob: ADULT_DOB,
            gender: "male",
          })
        ).statusCode,
      ).toBe(200);
    });
  });
});
