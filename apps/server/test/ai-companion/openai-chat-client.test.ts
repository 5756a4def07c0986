import { CHAT_MESSAGE_MAX_LENGTH } from "@heartline/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AiConfig } from "../../src/config";
import {
  AI_MAX_BODY_BYTES,
  AI_MAX_TOKENS,
  AI_REPLY_MAX_LENGTH,
  AiEndpointError,
  createOpenAiChatClient,
} from "../../src/features/ai-companion/openai-chat-client";
import { DISCLOSURE_REPLY, sanitiseReply } from "../../src/features/ai-companion/reply-guard";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

const HANG_TIMEOUT_MS = 500;

describe("OpenAI-compatible chat client (against a real local HTTP server)", () => {
  let fake: FakeOpenAiServer;
  let config: AiConfig;

  beforeEach(async () => {
    fake = await startFakeOpenAiServer();
    // Generous, as a first fetch on a loaded machine is slow; the "hang" cases use HANG_TIMEOUT_MS.
    config = { baseUrl: fake.baseUrl, model: "fake-model", apiKey: undefined, timeoutMs: 5_000 };
  });
  afterEach(async () => {
    await fake.close();
  });

  const messages = [
    { role: "system", content: "be nice" },
    { role: "user", content: "hello" },
  ] as const;

  it("posts the model, the messages and the limits, and returns choices[0].message.content", async () => {
    const client = createOpenAiChatClient(config);
    await expect(client.complete(messages)).resolves.toBe("Echo: hello");
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      model: "fake-model",
      messages,
      max_tokens: AI_MAX_TOKENS,
      temperature: expect.any(Number),
      stream: false,
    });
  });

  it("cuts a 1 MB reply to AI_REPLY_MAX_LENGTH before the reply guard's patterns see it", async () => {
    const megabyte = 1024 * 1024;
    // A human claim far past the cut: the guard would only find it by scanning the whole megabyte.
    const tail = " I'm a real human.";
    fake.replyText = () => `${"la ".repeat((megabyte - tail.length) / 3)}${tail}`;
    const reply = await createOpenAiChatClient(config).complete(messages);
    expect(reply).toHaveLength(AI_REPLY_MAX_LENGTH);
    expect(reply.startsWith("la la ")).toBe(true);
    const shown = sanitiseReply(reply, "Mia");
    expect(shown).not.toBe(DISCLOSURE_REPLY);
    expect([...(shown ?? "")].length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_LENGTH);
    // The guard cuts on its own too, whoever calls it.
    expect(sanitiseReply(`${"la ".repeat(megabyte / 3)}${tail}`, "Mia")).not.toBe(DISCLOSURE_REPLY);
  });

  it("refuses an answer larger than AI_MAX_BODY_BYTES without reading it all", async () => {
    fake.replyText = () => "x".repeat(AI_MAX_BODY_BYTES + 1);
    const error = await createOpenAiChatClient(config)
      .complete(messages)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiEndpointError);
    expect((error as Error).message).toBe(`the answer is larger than ${AI_MAX_BODY_BYTES} bytes`);
  });

  it("sends the API key as a bearer token when one is set", async () => {
    const client = createOpenAiChatClient({ ...config, apiKey: "sk-test" });
    await client.complete(messages);
    await client.isHealthy();
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual([
      "Bearer sk-test",
      "Bearer sk-test",
    ]);
  });

  it("fails on a non-2xx answer, with the status in the message", async () => {
    fake.chat = "fail";
    const error = await createOpenAiChatClient(config)
      .complete(messages)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiEndpointError);
    expect((error as Error).message).toMatch(/^HTTP 500: .*model crashed/);
  });

  it("fails on a body that is not JSON or has no choices", async () => {
    const client = createOpenAiChatClient(config);
    fake.chat = "malformed";
    await expect(client.complete(messages)).rejects.toThrow("the answer is not JSON");
    fake.chat = "no-choices";
    await expect(client.complete(messages)).rejects.toThrow(/has no choices/);
  });

  it("fails on an unknown path (a base URL without /v1)", async () => {
    const client = createOpenAiChatClient({ ...config, baseUrl: fake.baseUrl.replace(/\/v1$/, "") });
    await expect(client.complete(messages)).rejects.toThrow(/^HTTP 404/);
    await expect(client.isHealthy()).resolves.toBe(false);
  });

  it("fails when the endpoint does not answer in time", async () => {
    fake.chat = "hang";
    const started = Date.now();
    const client = createOpenAiChatClient({ ...config, timeoutMs: HANG_TIMEOUT_MS });
    await expect(client.complete(messages)).rejects.toThrow(`no answer within ${HANG_TIMEOUT_MS} ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS - 50);
  });

  it("fails when nothing listens", async () => {
    await fake.close();
    await expect(createOpenAiChatClient(config).complete(messages)).rejects.toThrow(/cannot be reached/);
    fake = await startFakeOpenAiServer();
  });

  it("stops waiting when the caller cancels", async () => {
    fake.chat = "hang";
    const controller = new AbortController();
    const pending = createOpenAiChatClient({ ...config, timeoutMs: 10_000 }).complete(
      messages,
      controller.signal,
    );
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow("the request was cancelled");
  });

  it("is healthy when GET /models answers 2xx, and not when it fails, hangs or nothing listens", async () => {
    const client = createOpenAiChatClient(config);
    await expect(client.isHealthy()).resolves.toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/models" });
    fake.models = "fail";
    await expect(client.isHealthy()).resolves.toBe(false);
    fake.models = "hang";
    await expect(createOpenAiChatClient({ ...config, timeoutMs: HANG_TIMEOUT_MS }).isHealthy()).resolves.toBe(
      false,
    );
    await fake.close();
    await expect(client.isHealthy()).resolves.toBe(false);
    fake = await startFakeOpenAiServer();
  });
});
