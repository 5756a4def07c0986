import { describe, expect, it } from "vitest";
import { signVisitorToken } from "../../src/features/accounts/visitor-token";
import { asPerson, createGuest, createRegistered } from "../fixtures/group-fixtures";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { TEST_AUTH_SECRET, waitForConnect } from "../helpers/test-app";
import { join, MAN_SEEKING_WOMAN, randomChatSuite } from "./random-chat-clients";

const REFUSED = {
  ok: false,
  error: {
    code: "age_confirmation_required",
    message:
      "Please confirm that you are 18 or older and accept the Terms and Guidelines before you start a random chat.",
  },
};

describe("random chat: the 18+ confirmation (issue 14)", () => {
  const suite = randomChatSuite({ env: {} });
  const { visitor } = suite;

  it("refuses join and next from a visitor who has not confirmed, and puts nobody in the line", async () => {
    const newcomer = await visitor({ confirmAdult: false });
    const waiting = recordEvents(newcomer.client, "waiting");
    expect(await join(newcomer, MAN_SEEKING_WOMAN)).toEqual(REFUSED);
    expect(await newcomer.client.timeout(3_000).emitWithAck("next", {})).toEqual(REFUSED);
    // A join that was let in is answered `waiting` before its ack.
    expect(waiting.payloads).toEqual([]);
  });

  it("lets the visitor join once confirmed, and the new token carries it to the next connection", async () => {
    const newcomer = await visitor({ confirmAdult: false });
    const session = nextEvent(newcomer.client, "session");
    expect(await newcomer.client.timeout(3_000).emitWithAck("confirm_adult", { accepted: true })).toEqual({
      ok: true,
    });
    const confirmed = await session;
    expect(confirmed).toMatchObject({ userId: newcomer.userId, isVisitor: true, isAdultConfirmed: true });
    expect(confirmed.visitorToken).toMatch(new RegExp(`^${newcomer.userId}\\.18\\.[A-Za-z0-9_-]{43}$`));
    expect(await join(newcomer, MAN_SEEKING_WOMAN)).toEqual({ ok: true });
    newcomer.client.disconnect();

    // The same browser comes back: no question again.
    const back = await visitor({ confirmAdult: false, auth: { visitorToken: confirmed.visitorToken } });
    expect(back.userId).toBe(newcomer.userId);
    expect(await join(back, MAN_SEEKING_WOMAN)).toEqual({ ok: true });
  });

  it("does not take a confirmation the token does not sign, nor anything but accepted: true", async () => {
    const newcomer = await visitor({ confirmAdult: false });
    const plain = signVisitorToken(newcomer.userId, TEST_AUTH_SECRET);
    newcomer.client.disconnect();
    const forged = `${newcomer.userId}.18.${plain.slice(newcomer.userId.length + 1)}`;
    const attacker = await visitor({ confirmAdult: false, auth: { visitorToken: forged } });
    expect(attacker.userId).not.toBe(newcomer.userId);
    expect(await join(attacker, MAN_SEEKING_WOMAN)).toEqual(REFUSED);
    for (const payload of [
      { accepted: false },
      { accepted: "true" },
      {},
      null,
      "yes",
      { accepted: true, x: 1 },
    ]) {
      expect(
        await attacker.client.timeout(3_000).emitWithAck("confirm_adult", payload as never),
      ).toMatchObject({
        ok: false,
        error: { code: "bad_request" },
      });
    }
    expect(await attacker.client.timeout(3_000).emitWithAck("confirm_adult", { accepted: true })).toEqual({
      ok: true,
    });
    expect(await join(attacker, MAN_SEEKING_WOMAN)).toEqual({ ok: true });
  });

  it("lets signed-in guests and registered users join without asking (their date of birth is 18+)", async () => {
    for (const person of [
      await createGuest(suite.test.app, "adult_guest"),
      await createRegistered(suite.test.app, "adult_member"),
    ]) {
      const client = suite.test.client(asPerson(person));
      const session = nextEvent(client, "session");
      await waitForConnect(client);
      expect(await session).toMatchObject({ userId: person.id, isVisitor: false, isAdultConfirmed: true });
      expect(
        await client.timeout(3_000).emitWithAck("join", { ...MAN_SEEKING_WOMAN, allowAI: false }),
      ).toEqual({ ok: true });
      client.disconnect();
    }
  });
});
