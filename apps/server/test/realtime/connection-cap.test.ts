import { SERVER_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestClient, waitForConnect } from "../helpers/test-app";

const CAP = 20;

describe("per-IP cap on concurrent sockets at the handshake", () => {
  let test: TestApp;

  beforeAll(async () => {
    // One proxy in front (TRUST_PROXY=1): the client IP is the last X-Forwarded-For hop, as for HTTP.
    test = await startTestApp({ env: { TRUST_PROXY: "1", SOCKET_CONNECTIONS_PER_IP: String(CAP) } });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const from = (ip: string) => ({ extraHeaders: { "x-forwarded-for": `198.51.100.1, ${ip}` } });

  it("refuses the 21st socket from one IP with a clear connect_error, while another IP connects", async () => {
    const sockets: TestClient[] = [];
    for (let index = 0; index < CAP; index += 1) sockets.push(await test.connect(from("203.0.113.7")));

    const refused = test.client(from("203.0.113.7"));
    await expect(waitForConnect(refused)).rejects.toThrow(SERVER_MESSAGES.tooManyConnections);
    expect(refused.connected).toBe(false);

    const elsewhere = await test.connect(from("203.0.113.8"));
    expect(elsewhere.connected).toBe(true);

    // A closed socket gives its slot back.
    sockets[0]?.disconnect();
    await expect
      .poll(async () => {
        const retry = test.client(from("203.0.113.7"));
        try {
          await waitForConnect(retry);
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
  });

  it("reads the IP as Fastify does: a forged hop beyond the trusted proxy does not change it", async () => {
    // With one trusted hop, only the last X-Forwarded-For entry counts; spoofing earlier ones is useless.
    const sockets: TestClient[] = [];
    for (let index = 0; index < CAP; index += 1) {
      sockets.push(
        await test.connect({ extraHeaders: { "x-forwarded-for": `10.0.0.${index}, 203.0.113.9` } }),
      );
    }
    const refused = test.client({ extraHeaders: { "x-forwarded-for": "10.9.9.9, 203.0.113.9" } });
    await expect(waitForConnect(refused)).rejects.toThrow(SERVER_MESSAGES.tooManyConnections);
    // The last hop decides: the same IP with a different forged prefix is still that IP.
    const sameIp = test.client({ extraHeaders: { "x-forwarded-for": "203.0.113.9" } });
    await expect(waitForConnect(sameIp)).rejects.toThrow(SERVER_MESSAGES.tooManyConnections);
    for (const socket of sockets) socket.disconnect();
  });
});
