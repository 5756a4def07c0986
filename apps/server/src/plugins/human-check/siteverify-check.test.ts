import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryReplayStore } from "./replay-store";
import { createSiteverifyCheck } from "./siteverify-check";

/** A stand-in for Cloudflare's/Google's siteverify endpoint: form in, `{ success }` out. */
describe("Turnstile / reCAPTCHA siteverify", () => {
  let server: Server;
  let url: string;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        response.setHeader("content-type", "application/json");
        if (form.get("response") === "garbage-answer") return response.end("not json");
        response.end(JSON.stringify({ success: form.get("response")?.startsWith("good") === true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const check = (replays = new MemoryReplayStore()) =>
    createSiteverifyCheck({ provider: "turnstile", secretKey: "the-secret", replays, url });

  it("sends the secret, token and address, accepts success once, and refuses a replay", async () => {
    const turnstile = check();
    await expect(turnstile.verify("good-token", "203.0.113.9")).resolves.toBeUndefined();
    expect(Object.fromEntries(seen.at(-1) ?? [])).toEqual({
      secret: "the-secret",
      response: "good-token",
      remoteip: "203.0.113.9",
    });
    await expect(turnstile.verify("good-token", "203.0.113.9")).rejects.toMatchObject({
      message: HUMAN_VERIFICATION_MESSAGES.failed,
    });
  });

  it("refuses a failed check, and answers an unreadable or unreachable provider with the generic text", async () => {
    await expect(check().verify("bad-token", "203.0.113.9")).rejects.toMatchObject({
      code: "bad_request",
      message: HUMAN_VERIFICATION_MESSAGES.failed,
    });
    await expect(check().verify("garbage-answer", "203.0.113.9")).rejects.toMatchObject({
      message: HUMAN_VERIFICATION_MESSAGES.genericFailure,
    });
    const offline = createSiteverifyCheck({
      provider: "recaptcha",
      secretKey: "s",
      replays: new MemoryReplayStore(),
      url: "http://127.0.0.1:1/siteverify",
    });
    await expect(offline.verify("good-token", "203.0.113.9")).rejects.toMatchObject({
      message: HUMAN_VERIFICATION_MESSAGES.genericFailure,
    });
  });
});

describe("MemoryReplayStore", () => {
  it("accepts a key once until it expires", async () => {
    let now = 1_000;
    const store = new MemoryReplayStore(() => now);
    expect(await store.claim("a", 100)).toBe(true);
    expect(await store.claim("a", 100)).toBe(false);
    expect(await store.claim("b", 100)).toBe(true);
    now += 101;
    expect(await store.claim("a", 100)).toBe(true);
  });
});
