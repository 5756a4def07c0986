import { LANGUAGE_PRIORITY_WINDOW_MS } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { LINE_SWEEP_INTERVAL_MS } from "../../src/features/random-chat/ai-fallback";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { aliasIn, emitRawWithAck, join, joinAndMatch, randomChatSuite } from "./random-chat-clients";

/**
 * "Languages I speak" in the random chat (issue #39), on one node: real socket.io-clients, the real
 * app on PGlite. The line runs on a virtual clock, so the language window passes without sleeping.
 */

let now = Date.now();
const clock = () => now;
const WOMAN_SEEKING_MAN = { gender: "female", preference: "male" } as const;
const MAN_SEEKING_WOMAN = { gender: "male", preference: "female" } as const;
/** The common choice: anyone. */
const WOMAN_ANY = { gender: "female", preference: "any" } as const;
const MAN_ANY = { gender: "male", preference: "any" } as const;
/** A few line sweeps (once a second), with margin: a pair the sweep may make has been made by then. */
const SWEEP_WAIT_MS = 5 * LINE_SWEEP_INTERVAL_MS;

describe("random chat: a shared language is matched first", () => {
  const { visitor } = randomChatSuite({ randomChat: { clock } });

  it("matches two who share a language ahead of someone who waited longer, who is matched after the window", async () => {
    const earlier = await visitor();
    const sharer = await visitor();
    // Two women looking for men wait side by side: neither accepts the other.
    expect(await join(earlier, { ...WOMAN_SEEKING_MAN, languages: ["de"] })).toEqual({ ok: true });
    now += 1_000;
    expect(await join(sharer, { ...WOMAN_SEEKING_MAN, languages: ["fr", "es"] })).toEqual({ ok: true });
    now += 1_000;

    const joiner = await visitor();
    const matched = await joinAndMatch(joiner, { ...MAN_SEEKING_WOMAN, languages: ["es"] });
    expect(matched.partner.id).toBe(aliasIn(matched, sharer.userId));

    // Past the window the earlier one counts as sharing, and their longer wait wins even over a newer
    // Spanish speaker: the preference never makes anyone wait for ever.
    now += LANGUAGE_PRIORITY_WINDOW_MS;
    const newerSharer = await visitor();
    expect(await join(newerSharer, { ...WOMAN_SEEKING_MAN, languages: ["es"] })).toEqual({ ok: true });
    const late = await visitor();
    const lateMatch = await joinAndMatch(late, { ...MAN_SEEKING_WOMAN, languages: ["es"] });
    expect(lateMatch.partner.id).toBe(aliasIn(lateMatch, earlier.userId));
  });

  it("holds a German joiner back from a waiting Spanish speaker, who gets the next Spanish speaker; past the window the German gets the next person", async () => {
    const spanish = await visitor();
    const german = await visitor();
    expect(await join(spanish, { ...WOMAN_ANY, languages: ["es"] })).toEqual({ ok: true });
    now += 1_000;
    // Compatible, but both gave languages and share none, and neither has waited 5 s: the German waits.
    const germanWaits = nextEvent(german.client, "waiting");
    const germanMatches = recordEvents(german.client, "matched");
    expect(await join(german, { ...MAN_ANY, languages: ["de"] })).toEqual({ ok: true });
    expect(await germanWaits).toMatchObject({ searching: 2 });
    expect(germanMatches.payloads).toEqual([]);
    germanMatches.stop();

    now += 1_000;
    const secondSpanish = await visitor();
    const matched = await joinAndMatch(secondSpanish, { ...MAN_ANY, languages: ["es", "en"] });
    expect(matched.partner.id).toBe(aliasIn(matched, spanish.userId));

    // The German has now waited the window: the next compatible person is theirs, whatever they speak.
    now += LANGUAGE_PRIORITY_WINDOW_MS;
    const french = await visitor();
    const frenchMatched = await joinAndMatch(french, { ...WOMAN_ANY, languages: ["fr"] });
    expect(frenchMatched.partner.id).toBe(aliasIn(frenchMatched, german.userId));
  });

  it("pairs two held apart by languages through the line sweep once the window has passed", async () => {
    const german = await visitor();
    const hindi = await visitor();
    expect(await join(german, { ...MAN_ANY, languages: ["de"] })).toEqual({ ok: true });
    now += 1_000;
    const hindiWaits = nextEvent(hindi.client, "waiting");
    expect(await join(hindi, { ...WOMAN_ANY, languages: ["hi"] })).toEqual({ ok: true });
    expect(await hindiWaits).toMatchObject({ searching: 2 });

    const germanMatched = nextEvent(german.client, "matched", () => true, SWEEP_WAIT_MS);
    const hindiMatched = nextEvent(hindi.client, "matched", () => true, SWEEP_WAIT_MS);
    // The German's wait crosses the window: the next sweep (on the line's clock) pairs the two.
    now += LANGUAGE_PRIORITY_WINDOW_MS - 1_000;
    const [forGerman, forHindi] = await Promise.all([germanMatched, hindiMatched]);
    expect(forGerman.roomId).toBe(forHindi.roomId);
    expect(forGerman.partner.id).toBe(aliasIn(forGerman, hindi.userId));
  });

  it("matches someone who gave no languages with the longest wait, languages or not", async () => {
    const first = await visitor();
    const second = await visitor();
    await join(first, { ...WOMAN_SEEKING_MAN, languages: ["ar"] });
    now += 1_000;
    await join(second, { ...WOMAN_SEEKING_MAN, languages: ["hi"] });
    const joiner = await visitor();
    const matched = await joinAndMatch(joiner, MAN_SEEKING_WOMAN);
    expect(matched.partner.id).toBe(aliasIn(matched, first.userId));
  });

  it("refuses an unknown language or more than three, saying why, and changes nothing", async () => {
    const person = await visitor();
    const waiting = recordEvents(person.client, "waiting");
    await expect(
      emitRawWithAck(person.client, "join", {
        ...WOMAN_SEEKING_MAN,
        languages: ["es", "tlh"],
        allowAI: false,
      }),
    ).resolves.toMatchObject({
      ok: false,
      error: {
        code: "bad_request",
        message: "Unknown language: choose one of en, es, pt-BR, fr, de, hi, id, ar.",
      },
    });
    await expect(
      emitRawWithAck(person.client, "join", {
        ...WOMAN_SEEKING_MAN,
        languages: ["en", "es", "fr", "de"],
        allowAI: false,
      }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: "bad_request", message: "Choose at most 3 languages." },
    });
    expect(waiting.payloads).toEqual([]);
    waiting.stop();
  });
});
