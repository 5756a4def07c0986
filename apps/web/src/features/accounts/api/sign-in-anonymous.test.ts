import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ANONYMOUS_SIGN_IN_ENDPOINT, signInAnonymous } from "./sign-in-anonymous";

let server: Server | undefined;
const requests: { method?: string; url?: string; body: string }[] = [];

afterEach(async () => {
  requests.length = 0;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function startAuth(status: number, body: string, contentType = "application/json"): Promise<string> {
  server = createServer((request, response) => {
    let received = "";
    request.on("data", (chunk) => {
      received += chunk;
    });
    request.on("end", () => {
      requests.push({ method: request.method, url: request.url, body: received });
      response.writeHead(status, { "Content-Type": contentType }).end(body);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const GUEST = { username: "night_owl", dob: "1990-05-01", gender: "female" as const };

describe("signInAnonymous (spec §4 guest flow, §8 messages)", () => {
  it("posts the guest fields as JSON", async () => {
    const base = await startAuth(200, "{}");
    expect(await signInAnonymous(GUEST, base)).toEqual({ ok: true });
    expect(requests).toEqual([
      { method: "POST", url: ANONYMOUS_SIGN_IN_ENDPOINT, body: JSON.stringify(GUEST) },
    ]);
  });

  it("shows our API's error message", async () => {
    const base = await startAuth(429, '{"error":{"code":"rate_limited","message":"Slow down."}}');
    expect(await signInAnonymous(GUEST, base)).toEqual({ ok: false, message: "Slow down." });
  });

  it("shows Better Auth's top-level message", async () => {
    const base = await startAuth(400, '{"code":"USERNAME_TAKEN","message":"Username is already taken"}');
    expect(await signInAnonymous(GUEST, base)).toEqual({ ok: false, message: "Username is already taken" });
  });

  it("falls back to 'Failed to create guest account' without a readable message", async () => {
    const base = await startAuth(500, "<html>oops</html>", "text/html");
    expect(await signInAnonymous(GUEST, base)).toEqual({
      ok: false,
      message: "Failed to create guest account",
    });
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    expect(await signInAnonymous(GUEST, base)).toEqual({
      ok: false,
      message: "Failed to create guest account",
    });
  });
});
