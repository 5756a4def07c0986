import { describe, expect, it } from "vitest";
import { signVisitorToken } from "../../src/features/accounts/visitor-token";
import { randomChatSuite } from "./random-chat-clients";

describe("random chat: the visitor's identity across reconnects", () => {
  const suite = randomChatSuite();
  const { visitor } = suite;

  it("sends the session right after connecting: a server-issued id and a token for it", async () => {
    const first = await visitor({ confirmAdult: false });
    expect(first.userId).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(first.visitorToken).toMatch(new RegExp(`^${first.userId}\\.[A-Za-z0-9_-]{43}$`));
    const socket = suite.test.app.io.of("/").sockets.get(first.client.id ?? "");
    expect(socket?.data).toMatchObject({ userId: first.userId, isVisitor: true });
  });

  it("restores the same id when the token is presented again, as often as needed", async () => {
    const first = await visitor();
    first.client.disconnect();
    const again = await visitor({ auth: { visitorToken: first.visitorToken } });
    expect(again.userId).toBe(first.userId);
    again.client.disconnect();
    const andAgain = await visitor({
      auth: { visitorToken: again.visitorToken, userId: "someone-else-1234567890" },
    });
    expect(andAgain.userId).toBe(first.userId);
  });

  it("gives a new id for a forged, foreign or malformed token, and ignores handshake claims", async () => {
    const victim = await visitor();
    const forged = [
      `${victim.userId}.${"A".repeat(43)}`,
      signVisitorToken(victim.userId, "another-secret-another-secret-0123456789"),
      victim.userId,
      `${victim.visitorToken}x`,
      42,
      { visitorToken: victim.visitorToken },
    ];
    for (const visitorToken of forged) {
      const attacker = await visitor({ auth: { visitorToken, userId: victim.userId, isAdmin: true } });
      expect(attacker.userId).not.toBe(victim.userId);
      expect(attacker.userId).toMatch(/^[A-Za-z0-9]{24}$/);
    }
  });
});
