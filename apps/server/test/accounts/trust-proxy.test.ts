import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS } from "../../src/features/accounts/account-limits";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";
import { ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

/**
 * issue #10 hole 7: behind the README's nginx (`proxy_add_x_forwarded_for` appends the real client to
 * whatever the client sent), TRUST_PROXY=1 believes only that last hop, so a forged X-Forwarded-For
 * entry does not give a client a fresh per-IP allowance.
 */
describe("accounts: per-IP limits behind one proxy (TRUST_PROXY=1)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, TRUST_PROXY: "1" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  /** A guest form posted through nginx on this machine: the client's forged entry, then nginx's. */
  const guestVia = (forwardedFor: string, username: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/accounts/guest",
      remoteAddress: "127.0.0.1",
      headers: {
        origin: TEST_PUBLIC_URL,
        "content-type": "application/json",
        "x-forwarded-for": forwardedFor,
      },
      payload: { username, dob: ADULT_DOB, gender: "male" },
    });

  it("counts the client nginx saw, whatever the client wrote before it", async () => {
    const realClient = "198.51.100.9";
    for (let index = 0; index < ACCOUNT_LIMITS.guestPerIp.points; index += 1) {
      const response = await guestVia(`203.0.113.${index}, ${realClient}`, `Proxy_Guest_${index}`);
      expect(response.statusCode).toBe(200);
    }
    const forged = await guestVia(`203.0.113.200, ${realClient}`, "Proxy_Guest_x");
    expect(forged.statusCode).toBe(429);
    expect(forged.json().error.code).toBe("rate_limited");
    const someoneElse = await guestVia(`203.0.113.201, 198.51.100.10`, "Proxy_Guest_y");
    expect(someoneElse.statusCode).toBe(200);
  });
});
