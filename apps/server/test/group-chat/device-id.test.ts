import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_COOKIE, deviceIdFromCookie } from "../../src/plugins/device-id";
import { startTestApp, type TestApp } from "../helpers/test-app";

/** issue #5: every browser gets a device id cookie, so a ban can cover a new guest from the same browser. */
describe("group chat: the device id cookie", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const deviceCookieOf = (setCookie: string | string[] | undefined): string | undefined => {
    const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    return cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  };

  it("sets a random, HttpOnly, long-lived device cookie on API requests without one, and keeps an existing one", async () => {
    const first = deviceCookieOf(
      (await test.app.inject({ method: "GET", url: "/api/health" })).headers["set-cookie"],
    );
    const second = deviceCookieOf(
      (await test.app.inject({ method: "GET", url: "/api/health" })).headers["set-cookie"],
    );
    expect(first).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[a-f0-9]{32}; Path=/; Max-Age=\\d{8}; HttpOnly; SameSite=Lax$`),
    );
    expect(first?.split(";")[0]).not.toBe(second?.split(";")[0]);
    const kept = await test.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { cookie: `${DEVICE_COOKIE}=${"a".repeat(32)}` },
    });
    expect(deviceCookieOf(kept.headers["set-cookie"])).toBeUndefined();
  });

  it("sets it on the Socket.IO handshake too", async () => {
    const response = await fetch(`${test.url}/socket.io/?EIO=4&transport=polling`);
    expect(deviceCookieOf(response.headers.getSetCookie())).toMatch(/HttpOnly/);
  });

  it("reads only well-formed ids", () => {
    expect(deviceIdFromCookie(`a=b; ${DEVICE_COOKIE}=${"0f".repeat(16)}`)).toBe("0f".repeat(16));
    expect(deviceIdFromCookie(`${DEVICE_COOKIE}=not-an-id`)).toBeNull();
    expect(deviceIdFromCookie(`${DEVICE_COOKIE}=${"A".repeat(32)}`)).toBeNull();
    expect(deviceIdFromCookie(undefined)).toBeNull();
    // Repeated: the first counts (the longest path's, RFC 6265 §5.4), even when it is malformed.
    expect(
      deviceIdFromCookie(`${DEVICE_COOKIE}=${"0f".repeat(16)}; ${DEVICE_COOKIE}=${"1e".repeat(16)}`),
    ).toBe("0f".repeat(16));
    expect(deviceIdFromCookie(`${DEVICE_COOKIE}=bad; ${DEVICE_COOKIE}=${"1e".repeat(16)}`)).toBeNull();
  });
});
