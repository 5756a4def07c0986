import { describe, expect, it } from "vitest";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import { aliasIn, join, joinAndMatch, randomChatSuite } from "./random-chat-clients";

/** Long enough for a match that is going to happen to have happened. */
const SETTLE_MS = 400;

describe("random chat: matching by gender and preference", () => {
  const suite = randomChatSuite();
  const { visitor, pair } = suite;

  it("pairs two compatible people, each told the other's per-pair alias and gender", async () => {
    const man = await visitor();
    const woman = await visitor();
    const waiting = nextEvent(man.client, "waiting");
    const manMatched = nextEvent(man.client, "matched");
    const before = Date.now();
    expect(await join(man, { gender: "male", preference: "female" })).toEqual({ ok: true });
    expect((await waiting).since).toBeGreaterThanOrEqual(before);

    const womanMatched = await joinAndMatch(woman, { gender: "female", preference: "male" });
    const forMan = await manMatched;
    expect(forMan.partner).toEqual({ id: aliasIn(forMan, woman.userId), gender: "female", isAI: false });
    expect(womanMatched.partner).toEqual({
      id: aliasIn(womanMatched, man.userId),
      gender: "male",
      isAI: false,
    });
    expect(forMan.roomId).toMatch(/^[0-9a-f-]{36}$/);
    expect(womanMatched.roomId).toBe(forMan.roomId);
  });

  it("keeps incompatible people waiting", async () => {
    const first = await visitor();
    const second = await visitor();
    const third = await visitor();
    const matched = [first, second, third].map(({ client }) => recordEvents(client, "matched"));
    await join(first, { gender: "male", preference: "female" });
    await join(second, { gender: "male", preference: "female" });
    // She wants a woman: his preference accepts her, hers does not accept him.
    await join(third, { gender: "female", preference: "female" });
    await delay(SETTLE_MS);
    expect(matched.flatMap((recorder) => recorder.payloads)).toEqual([]);
  });

  it("treats 'any' as no preference, while the other side's preference still counts", async () => {
    const open = await visitor();
    const picky = await visitor();
    const pickyMatched = recordEvents(picky.client, "matched");
    await join(open, { gender: "male", preference: "any" });
    await join(picky, { gender: "female", preference: "female" });
    await delay(SETTLE_MS);
    expect(pickyMatched.payloads).toEqual([]);

    const other = await visitor();
    const matched = await joinAndMatch(other, { gender: "other", preference: "any" });
    expect(matched.partner).toEqual({ id: aliasIn(matched, open.userId), gender: "male", isAI: false });
  });

  it("serves the longest wait first", async () => {
    const early = await visitor();
    const late = await visitor();
    await join(early, { gender: "female", preference: "male" });
    await delay(20);
    await join(late, { gender: "female", preference: "male" });

    const first = await visitor();
    const firstMatch = await joinAndMatch(first, { gender: "male", preference: "any" });
    expect(firstMatch.partner.id).toBe(aliasIn(firstMatch, early.userId));
    const second = await visitor();
    const secondMatch = await joinAndMatch(second, { gender: "male", preference: "any" });
    expect(secondMatch.partner.id).toBe(aliasIn(secondMatch, late.userId));
  });

  it("prefers a shared interest over a slightly longer wait", async () => {
    const longerWait = await visitor();
    const sameInterest = await visitor();
    await join(longerWait, { gender: "female", preference: "male", interests: ["Chess"] });
    await delay(20);
    await join(sameInterest, { gender: "female", preference: "male", interests: ["films", "Music "] });
    const joiner = await visitor();
    const matched = await joinAndMatch(joiner, {
      gender: "male",
      preference: "female",
      interests: ["music"],
    });
    expect(matched.partner.id).toBe(aliasIn(matched, sameInterest.userId));
  });

  it("never matches a person with themself: a second socket's join replaces the first one's place", async () => {
    const tab1 = await visitor();
    const tab2 = await visitor({ auth: { visitorToken: tab1.visitorToken } });
    expect(tab2.userId).toBe(tab1.userId);
    const tabMatches = [tab1, tab2].map(({ client }) => recordEvents(client, "matched"));
    await join(tab1, { gender: "male", preference: "any" });
    await join(tab2, { gender: "female", preference: "any" });
    await delay(SETTLE_MS);
    expect(tabMatches.flatMap((recorder) => recorder.payloads)).toEqual([]);

    const stranger = await visitor();
    const matched = await joinAndMatch(stranger, { gender: "male", preference: "female" });
    expect(matched.partner).toEqual({ id: aliasIn(matched, tab1.userId), gender: "female", isAI: false });
    await delay(100);
    expect(tabMatches[0]?.payloads).toEqual([]);
    expect(tabMatches[1]?.payloads).toHaveLength(1);
  });

  it("ends the chat of one tab when the same person joins from another: never two partners", async () => {
    const { a, b } = await pair();
    const otherTab = await visitor({ auth: { visitorToken: a.visitorToken } });
    const partnerLeft = nextEvent(b.client, "partner_left");
    const oldTabLeft = nextEvent(a.client, "partner_left");
    await join(otherTab, { gender: "male", preference: "female" });
    expect(await partnerLeft).toEqual({ reason: "ended" });
    expect(await oldTabLeft).toEqual({ reason: "ended" });
    suite.track(a, b);
  });

  it("end_chat tells the partner 'ended', and only the partner", async () => {
    const { a, b } = await pair();
    suite.track(a, b);
    const ownEvents = recordEvents(a.client, "partner_left");
    const left = nextEvent(b.client, "partner_left");
    expect(await a.client.timeout(3_000).emitWithAck("end_chat", {})).toEqual({ ok: true });
    expect(await left).toEqual({ reason: "ended" });
    await delay(100);
    expect(ownEvents.payloads).toEqual([]);
  });

  it("a partner's disconnect ends the chat as 'disconnected'", async () => {
    const { a, b } = await pair();
    suite.track(a, b);
    const left = nextEvent(b.client, "partner_left");
    a.client.disconnect();
    expect(await left).toEqual({ reason: "disconnected" });
  });

  it("end_chat while searching leaves the line", async () => {
    const quitter = await visitor();
    await join(quitter, { gender: "male", preference: "female" });
    expect(await quitter.client.timeout(3_000).emitWithAck("end_chat")).toEqual({ ok: true });
    const newcomer = await visitor();
    const matched = recordEvents(newcomer.client, "matched");
    await join(newcomer, { gender: "female", preference: "male" });
    await delay(SETTLE_MS);
    expect(matched.payloads).toEqual([]);
  });

  it("next ends the chat and searches again, never straight back to the partner just left", async () => {
    const { a, b } = await pair();
    suite.track(a, b);
    const left = nextEvent(b.client, "partner_left");
    const searching = nextEvent(a.client, "waiting");
    const aMatches = recordEvents(a.client, "matched");
    expect(await a.client.timeout(3_000).emitWithAck("next", {})).toEqual({ ok: true });
    expect(await left).toEqual({ reason: "ended" });
    await searching;

    // The partner just left searches again at once, with matching choices: no rematch.
    const bMatches = recordEvents(b.client, "matched");
    await join(b, { gender: "female", preference: "male" });
    await delay(SETTLE_MS);
    expect(aMatches.payloads).toEqual([]);
    expect(bMatches.payloads).toEqual([]);

    // Someone new who fits is matched with the one who pressed Next, with the same choices as before.
    const third = await visitor();
    const matched = await joinAndMatch(third, { gender: "female", preference: "male" });
    expect(matched.partner).toEqual({ id: aliasIn(matched, a.userId), gender: "male", isAI: false });
    await expect
      .poll(() => aMatches.payloads.map((payload) => payload.partner.id === aliasIn(payload, third.userId)))
      .toEqual([true]);
  });

  it("refuses next before any join, and a join with bad choices, changing nothing", async () => {
    const newcomer = await visitor();
    const next = await newcomer.client.timeout(3_000).emitWithAck("next");
    expect(next).toEqual({
      ok: false,
      error: { code: "bad_request", message: "Choose your gender and preference first." },
    });
    const badJoin = await newcomer.client
      .timeout(3_000)
      .emitWithAck("join", { gender: "robot", preference: "any" } as never);
    expect(badJoin).toEqual({
      ok: false,
      error: { code: "bad_request", message: "Please select a gender option" },
    });
  });
});
