import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny, real OpenAI-compatible HTTP server for tests (node:http on 127.0.0.1, a free port):
 * `GET /v1/models` and `POST /v1/chat/completions`, with switchable behaviour and a record of
 * every request, so tests can assert what the companion sent.
 */

/** ok: 200 with a reply; fail: 500; hang: never answers; malformed: 200, not JSON; no-choices: 200, `choices: []`. */
export type FakeBehaviour = "ok" | "fail" | "hang" | "malformed" | "no-choices";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body (chat completions); undefined for GET. */
  body: unknown;
}

export interface FakeChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  max_tokens?: number;
  temperature?: number;
}

export interface FakeOpenAiServer {
  /** The base URL to configure as `AI_BASE_URL`, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  /** Behaviour of `POST /v1/chat/completions`. */
  chat: FakeBehaviour;
  /** Behaviour of `GET /v1/models` ("malformed" answers 200 with a non-JSON body: still healthy). */
  models: FakeBehaviour;
  /** The text the model answers; by default it echoes the last user message. */
  replyText: ((body: FakeChatBody) => string) | undefined;
  requests: RecordedRequest[];
  /** The bodies of the chat-completions requests received so far. */
  chatRequests(): FakeChatBody[];
  close(): Promise<void>;
}

export const echoReply = (body: FakeChatBody): string => {
  const lastUser = [...body.messages].reverse().find((message) => message.role === "user");
  return `Echo: ${lastUser?.content ?? "(nothing)"}`;
};

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const fake: FakeOpenAiServer = {
    baseUrl: "",
    chat: "ok",
    models: "ok",
    replyText: undefined,
    requests,
    chatRequests: () =>
      requests
        .filter((request) => request.path === "/v1/chat/completions")
        .map((r) => r.body as FakeChatBody),
    close: async () => {
      // Hanging requests hold their sockets open; close them so the server can stop.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((request, response) => {
    void handle(fake, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

async function handle(fake: FakeOpenAiServer, request: IncomingMessage, response: ServerResponse) {
  const raw = await readBody(request);
  const path = new URL(request.url ?? "/", "http://fake").pathname;
  const body = raw === "" ? undefined : (JSON.parse(raw) as unknown);
  fake.requests.push({ method: request.method ?? "", path, headers: request.headers, body });

  if (request.method === "GET" && path === "/v1/models") {
    answer(response, fake.models, () => ({ object: "list", data: [{ id: "fake-model", object: "model" }] }));
    return;
  }
  if (request.method === "POST" && path === "/v1/chat/completions") {
    const chatBody = body as FakeChatBody;
    answer(response, fake.chat, () => ({
      id: "chatcmpl-fake",
      object: "chat.completion",
      model: chatBody.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: (fake.replyText ?? echoReply)(chatBody) },
          finish_reason: "stop",
        },
      ],
    }));
    return;
  }
  response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
}

function answer(response: ServerResponse, behaviour: FakeBehaviour, okBody: () => unknown): void {
  switch (behaviour) {
    case "ok":
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(okBody()));
      return;
    case "fail":
      response.writeHead(500, { "content-type": "application/json" }).end('{"error":"model crashed"}');
      return;
    case "malformed":
      response.writeHead(200, { "content-type": "application/json" }).end('{"choices":"not-a-list"');
      return;
    case "no-choices":
      response.writeHead(200, { "content-type": "application/json" }).end('{"choices":[]}');
      return;
    case "hang":
      return;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
