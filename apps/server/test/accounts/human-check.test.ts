import { HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { CHALLENGE_LIMIT } from "../../src/plugins/human-check/human-check.routes";
import { HUMAN_PASS_COOKIE } from "../../src/plugins/human-check/human-pass";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { AccountsClient, CHEAP_ALTCHA_ENV, START_TIMEOUT_MS } from "./accounts-client";

const GUEST = { username: "Pass_Holder", dob: "1990-01-01", gender: "female" };

describe("human check (ALTCHA)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: CHEAP_ALTCHA_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  it("tells the web which check is configured", async () => {
    const response = await new AccountsClient(test.app).get("/api/captcha/config");
    expect(response.json()).toEqual({ provider: "altcha" });
  });

  it("sets an HttpOnly human pass for a solved challenge and refuses the same solution twice", async () => {
    const client = new AccountsClient(test.app);
    const token = await client.solveAltcha();
    expect(client.cookies.has(HUMAN_PASS_COOKIE)).toBe(true);
    const replay = await new AccountsClient(test.app).post("/api/verify-recaptcha", { token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: { code: "bad_request", message: "This verification has already been used. Please try again." },
    });
  });

  it("limits fresh challenges per address with a 429 and its own text; other addresses go on", async () => {
    const busy = new AccountsClient(test.app, "198.51.100.7");
    for (let served = 0; served < CHALLENGE_LIMIT.points; served += 1) {
      expect((await busy.get("/api/captcha/challenge")).statusCode).toBe(200);
    }
    const refused = await busy.get("/api/captcha/challenge");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: "rate_limited", message: HUMAN_VERIFICATION_MESSAGES.tooManyChallenges },
    });
    expect(refused.json().error.message).toBe(
      "Too many verification attempts. Please wait a minute and try again.",
    );
    const other = await new AccountsClient(test.app, "198.51.100.8").get("/api/captcha/challenge");
    expect(other.statusCode).toBe(200);
  });

  it("answers a bad or tampered token with the spec's failure text", async () => {
    const client = new AccountsClient(test.app);
    for (const token of ["", "not-base64!", Buffer.from("{}").toString("base64"), "x".repeat(20_000)]) {
      const response = await client.post("/api/verify-recaptcha", { token });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(HUMAN_VERIFICATION_MESSAGES.failed);
    }
    const challenge = (await client.get("/api/captcha/challenge")).json();
    const forged = Buffer.from(
      JSON.stringify({ challenge, solution: { counter: 1, derivedKey: "00".repeat(32) } }),
    ).toString("base64");
    expect((await client.post("/api/verify-recaptcha", { token: forged })).statusCode).toBe(400);
    expect(client.cookies.has(HUMAN_PASS_COOKIE)).toBe(false);
  });

  it("requires a pass for guest creation, and a pass works only once", async () => {
    const client = new AccountsClient(test.app);
    const without = await client.post("/api/accounts/guest", GUEST);
    expect(without.statusCode).toBe(403);
    expect(without.json().error.message).toBe(HUMAN_VERIFICATION_MESSAGES.genericFailure);

    await client.solveAltcha();
    const pass = client.cookies.get(HUMAN_PASS_COOKIE);
    const first = await client.post("/api/accounts/guest", GUEST);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ username: "Pass_Holder", isGuest: true });

    // The same pass replayed by another client (copied cookie) is refused.
    const thief = new AccountsClient(test.app);
    thief.cookies.set(HUMAN_PASS_COOKIE, pass ?? "");
    const second = await thief.post("/api/accounts/guest", { ...GUEST, username: "Another_One" });
    expect(second.statusCode).toBe(403);
  });

  it("refuses a forged pass cookie", async () => {
    const client = new AccountsClient(test.app);
    client.cookies.set(HUMAN_PASS_COOKIE, `abc.${Date.now() + 60_000}.forged`);
    expect((await client.post("/api/accounts/guest", GUEST)).statusCode).toBe(403);
  });
});

describe("human check configuration", () => {
  it("needs both keys for Turnstile or reCAPTCHA and refuses off in production", () => {
    const base = { DATA_DIR: "/tmp/heartline-config-test", AUTH_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...base, HUMAN_CHECK: "turnstile" })).toThrow(/TURNSTILE_SITE_KEY/);
    expect(() => loadConfig({ ...base, HUMAN_CHECK: "recaptcha", RECAPTCHA_SITE_KEY: "k" })).toThrow(
      /RECAPTCHA_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: "production", HUMAN_CHECK: "off" })).toThrow(/off/);
    const config = loadConfig({
      ...base,
      HUMAN_CHECK: "turnstile",
      TURNSTILE_SITE_KEY: "s",
      TURNSTILE_SECRET_KEY: "t",
    });
    expect(config.humanCheck.turnstile).toEqual({ siteKey: "s", secretKey: "t" });
  });
});
