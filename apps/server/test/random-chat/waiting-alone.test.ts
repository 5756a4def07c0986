import { describe, expect, it } from "vitest";
import { LINE_SWEEP_INTERVAL_MS } from "../../src/features/random-chat/ai-fallback";
import { nextEvent } from "../helpers/socket-events";
import {
  join,
  joinAndMatch,
  MAN_SEEKING_WOMAN,
  randomChatSuite,
  WOMAN_SEEKING_MAN,
} from "./random-chat-clients";

/** Long enough that the test sees the cooldown hold the pair, short enough to wait out. */
const COOLDOWN_MS = 1_500;

describe("random chat: waiting alone (issue 14)", () => {
  const suite = randomChatSuite({ env: {}, randomChat: { rematchCooldownMs: COOLDOWN_MS } });
  const { visitor } = suite;

  it("tells a searcher how many people are searching, in waiting and on request", async () => {
    const first = await visitor();
    const waitingFirst = nextEvent(first.client, "waiting");
    await join(first, { gender: "male", preference: "male" });
    expect(await waitingFirst).toMatchObject({ searching: 1, isHeldByCooldown: false });
    const second = await visitor();
    const waitingSecond = nextEvent(second.client, "waiting");
    await join(second, { gender: "other", preference: "other" });
    expect(await waitingSecond).toMatchObject({ searching: 2, isHeldByCooldown: false });
    expect(await first.client.timeout(3_000).emitWithAck("line_status")).toEqual({
      ok: true,
      data: { searching: 2, isHeldByCooldown: false },
    });
  });

  it("says when the rematch cooldown is what holds back the only compatible person", async () => {
    const { a, b } = await suite.pair();
    expect(await a.client.timeout(3_000).emitWithAck("next")).toEqual({ ok: true });
    const waitingB = nextEvent(b.client, "waiting");
    await join(b, WOMAN_SEEKING_MAN);
    expect(await waitingB).toMatchObject({ searching: 2, isHeldByCooldown: true });
    expect(await a.client.timeout(3_000).emitWithAck("line_status")).toEqual({
      ok: true,
      data: { searching: 2, isHeldByCooldown: true },
    });
    // Once it runs out the line sweep pairs them again.
    const rematched = nextEvent(a.client, "matched", () => true, COOLDOWN_MS + 5 * LINE_SWEEP_INTERVAL_MS);
    await rematched;
  });

  it("sends the shared interests on a match, and nothing when there are none", async () => {
    const a = await visitor();
    const b = await visitor();
    const matchedA = nextEvent(a.client, "matched");
    await join(a, { ...MAN_SEEKING_WOMAN, interests: ["Hiking", "films", "chess"] });
    const matchedB = await joinAndMatch(b, {
      ...WOMAN_SEEKING_MAN,
      interests: ["cooking", "hiking", "Chess "],
    });
    expect(matchedB.sharedInterests).toEqual(["hiking", "chess"]);
    expect((await matchedA).sharedInterests).toEqual(["hiking", "chess"]);
    const c = await visitor();
    const d = await visitor();
    await join(c, { gender: "other", preference: "other", interests: ["darts"] });
    const matchedD = await joinAndMatch(d, { gender: "other", preference: "other", interests: ["poetry"] });
    expect(matchedD).not.toHaveProperty("sharedInterests");
  });
});
