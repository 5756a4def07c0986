import {
  AUTOMOD_BLOCKED_CODE,
  automodBlockedMessage,
  automodRuleMessage,
  automodUsernameMessage,
  type GroupJoinData,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confessionComments, confessions, directMessages, groupMessages } from "../../src/db/schema";
import { LINK_RULES } from "../../src/features/automod/screen-message";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV } from "../accounts/accounts-client";
import { errorOf, postComment, postConfession } from "../confessions/wall-fixtures";
import { dmMember, sendDm, text, uniqueName } from "../direct-messages/dm-fixtures";
import { asPerson, createRegistered, emitWithAck, groupText } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { matchedPair, send } from "../random-chat/random-chat-clients";
import { ageAccount } from "./automod-fixtures";

const SLURS = "Slurs (built-in)";
const BLOCKED = { code: AUTOMOD_BLOCKED_CODE, message: automodBlockedMessage(SLURS) };

/**
 * Issue #33: a built-in slur with something invisible or a look-alike form inside looks whole on
 * screen; each of these got through every channel before the screens read text as it is seen.
 */
const TRICKS: ReadonlyArray<readonly [trick: string, text: string]> = [
  ["a zero-width space", "you ki\u200Bke"],
  ["a soft hyphen", "you ki\u00ADke"],
  ["a word joiner", "you ki\u2060ke"],
  ["a zero-width joiner", "you ch\u200Dink"],
  ["combining strokes", "you k\u0336i\u0336k\u0336e\u0336"],
  ["combining accents", "you n\u0301i\u0301gger"],
  ["a variation selector", "you k\uFE0Fike"],
  ["a Hangul filler", "you ki\u3164ke"],
  ["a dot inside the word", "you ki.ke"],
  ["invisible and look-alike together", "you r\u200Bе\u00ADt-аrd"],
];

/** Usernames are letters, digits, '_' and '-' (spec §5): what is left to hide a slur is the separators. */
const USERNAME_TRICKS = ["ki_ke", "Chi-nk", "re_tard", "nig_ger", "big_nig", "Xx_dy-ke_xX"];

describe("AutoMod reads text as it is seen (issue #33)", () => {
  let test: TestApp;
  /** The confession the comments answer. */
  let confessionId: string;
  let people = 0;
  /** A fresh month-old account: a third AutoMod hit would mute the sender (automod-strikes.test.ts). */
  const person = async () => {
    people += 1;
    const fresh = await createRegistered(test.app, `Evader_${people}`);
    await ageAccount(test.app, fresh, 30);
    return fresh;
  };

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
    const veteran = await createRegistered(test.app, "Vera_Veteran");
    await ageAccount(test.app, veteran, 30);
    const target = await postConfession(test.app, veteran, "a harmless confession");
    expect(target.response.statusCode).toBe(201);
    confessionId = target.id;
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it.each(TRICKS)(
    "group room: refuses a slur with %s, naming the rule; nothing stored",
    async (_, content) => {
      const socket = await test.connect(asPerson(await person()));
      expect((await emitWithAck<GroupJoinData>(socket, "join_group", {})).ok).toBe(true);
      const payload = groupText(content);
      expect(await emitWithAck(socket, "group_message", payload)).toEqual({ ok: false, error: BLOCKED });
      expect(await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, payload.id))).toEqual(
        [],
      );
      socket.disconnect();
    },
  );

  it("direct messages: refuses a slur with each trick, naming the rule; nothing stored", async () => {
    const sender = await dmMember(test, "evS");
    const receiver = await dmMember(test, "evR");
    for (const [, content] of TRICKS) {
      const payload = text(receiver.person.id, content);
      expect(await sendDm(sender.socket, payload)).toEqual({ ok: false, error: BLOCKED });
      expect(
        await test.app.db.select().from(directMessages).where(eq(directMessages.id, payload.id)),
      ).toEqual([]);
    }
  });

  it("links: an invite in full-width letters or with an invisible character or mark inside is still an invite", async () => {
    const sender = await dmMember(test, "evL");
    const receiver = await dmMember(test, "evM");
    const invite = {
      ok: false,
      error: {
        code: AUTOMOD_BLOCKED_CODE,
        message: automodRuleMessage(LINK_RULES.invite.name, LINK_RULES.invite.why),
      },
    };
    for (const line of ["join us at ｄｉｓｃｏｒｄ．ｇｇ/abc", "t.m\u200Be/xyz", "discord.g\u0301g/abc"]) {
      expect(await sendDm(sender.socket, text(receiver.person.id, line))).toEqual(invite);
    }
  });

  it("random chat: refuses a slur with each trick, naming the rule", async () => {
    const { a, b } = await matchedPair(test);
    for (const [, content] of TRICKS) expect(await send(a, content)).toEqual({ ok: false, error: BLOCKED });
    a.client.disconnect();
    b.client.disconnect();
  });

  it.each(TRICKS)(
    "confession wall: refuses a post and a comment with %s; nothing stored",
    async (_, content) => {
      const post = await postConfession(test.app, await person(), content);
      expect(post.response.statusCode).toBe(422);
      expect(errorOf(post.response)).toEqual(BLOCKED);
      expect(await test.app.db.select().from(confessions).where(eq(confessions.id, post.id))).toEqual([]);

      const comment = await postComment(test.app, await person(), confessionId, content);
      expect(comment.response.statusCode).toBe(422);
      expect(errorOf(comment.response)).toEqual(BLOCKED);
      expect(
        await test.app.db.select().from(confessionComments).where(eq(confessionComments.id, comment.id)),
      ).toEqual([]);
    },
  );

  it.each(USERNAME_TRICKS)(
    "usernames: refuses %s for a guest and a sign-up, naming the rule",
    async (name) => {
      const accounts = new AccountsClient(test.app);
      const guest = await accounts.post("/api/accounts/guest", {
        username: name,
        dob: ADULT_DOB,
        gender: "male",
      });
      const signUp = await accounts.post("/api/accounts/sign-up", {
        username: name,
        email: `${uniqueName("ev")}@example.com`,
        password: "a-long-unusual-pass",
        dob: ADULT_DOB,
        gender: "male",
      });
      for (const response of [guest, signUp]) {
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          error: { code: AUTOMOD_BLOCKED_CODE, message: automodUsernameMessage(SLURS) },
        });
      }
    },
  );

  it("usernames: an invisible character never reaches a name (the charset refuses it)", async () => {
    const response = await new AccountsClient(test.app).post("/api/accounts/guest", {
      username: "ki\u200Bke",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(VALIDATION_MESSAGES.usernameCharset);
  });

  it("stores ordinary text with accents, emoji and separators exactly as written", async () => {
    const socket = await test.connect(asPerson(await person()));
    expect((await emitWithAck<GroupJoinData>(socket, "join_group", {})).ok).toBe(true);
    for (const content of [
      "Crème brûlée, s’il vous plaît 👩‍👩‍👧",
      "one-group design, Andy_Kelly",
      "ｈｅｌｌｏ\u00A0there",
    ]) {
      const payload = groupText(content);
      expect((await emitWithAck(socket, "group_message", payload)).ok).toBe(true);
      const [row] = await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, payload.id));
      expect(row?.content).toBe(content);
    }
    socket.disconnect();
  });
});
