import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, apiErrorFromBody, apiRequest } from "./http-client";

interface Received {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A real HTTP server giving every request the same answer (after `delayMs`); records what arrived. */
async function startServer(status: number, body: string, delayMs = 0) {
  const received: Received[] = [];
  server = createServer((request: IncomingMessage, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      received.push({
        method: request.method,
        url: request.url,
        contentType: request.headers["content-type"],
        body: text,
      });
      setTimeout(() => response.writeHead(status, { "Content-Type": "application/json" }).end(body), delayMs);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("apiRequest (the web's one HTTP client, ARCHITECTURE §6)", () => {
  it("sends JSON and resolves with the parsed answer", async () => {
    const { baseUrl, received } = await startServer(200, '{"user":{"id":"u1"}}');
    const answer = await apiRequest<{ user: { id: string } }>("/api/users/me", {
      method: "PATCH",
      json: { bio: "hi" },
      baseUrl,
    });
    expect(answer).toEqual({ user: { id: "u1" } });
    expect(received).toEqual([
      { method: "PATCH", url: "/api/users/me", contentType: "application/json", body: '{"bio":"hi"}' },
    ]);
  });

  it("throws ApiError with the status, code and message of our error shape", async () => {
    const { baseUrl } = await startServer(409, '{"error":{"code":"conflict","message":"Username is taken"}}');
    const error = await failure(apiRequest("/api/x", { baseUrl }));
    expect([error.status, error.code, error.message, error.serverMessage]).toEqual([
      409,
      "conflict",
      "Username is taken",
      "Username is taken",
    ]);
  });

  it("reads Better Auth's own { code, message } shape too", () => {
    const error = apiErrorFromBody(401, {
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
    expect([error.status, error.code, error.message]).toEqual([
      401,
      "INVALID_EMAIL_OR_PASSWORD",
      "Invalid email or password",
    ]);
  });

  it("falls back to a generic text when the server sent no message", async () => {
    const { baseUrl } = await startServer(502, "not json");
    const error = await failure(apiRequest("/api/x", { baseUrl }));
    expect([error.status, error.code, error.serverMessage]).toEqual([502, null, null]);
    expect(error.message).toBe("Something went wrong. Please try again.");
  });

  it("reports a request that got no answer as status 0, network-request-failed", async () => {
    const { baseUrl } = await startServer(200, "{}");
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    const error = await failure(apiRequest("/api/x", { baseUrl }));
    expect([error.status, error.code]).toEqual([0, "network-request-failed"]);
  });

  it("gives up after timeoutMs with the timeout code", async () => {
    const { baseUrl } = await startServer(200, "{}", 500);
    const error = await failure(apiRequest("/api/x", { baseUrl, timeoutMs: 50 }));
    expect([error.status, error.code]).toEqual([0, "timeout"]);
  });
});
