import { z } from "zod";
import type { AiConfig } from "../../config";

/**
 * A minimal client of the OpenAI-compatible chat-completions API (ARCHITECTURE §2: Ollama,
 * llama.cpp, vLLM or a hosted service), on Node's global `fetch`. Any non-2xx answer, timeout or
 * malformed body is an `AiEndpointError`; the companion counts those (spec §4 AI fallback).
 */

export interface ChatCompletionMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface OpenAiChatClient {
  /** The assistant's text for these messages. */
  complete(messages: readonly ChatCompletionMessage[], signal?: AbortSignal): Promise<string>;
  /** `GET {base}/models` answered 2xx within the timeout. */
  isHealthy(signal?: AbortSignal): Promise<boolean>;
}

export class AiEndpointError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "AiEndpointError";
  }
}

/** Replies are chat lines (1-3 sentences); this bounds cost and latency. */
export const AI_MAX_TOKENS = 200;
export const AI_TEMPERATURE = 0.8;
/** How much of an error body ends up in the error message (logs), never more. */
const ERROR_BODY_PREVIEW = 200;
/**
 * The most of an answer read at all: a 200-token reply is a few kilobytes of JSON, so anything near
 * this is a broken or hostile endpoint, refused before it is parsed.
 */
export const AI_MAX_BODY_BYTES = 2 * 1024 * 1024;
/**
 * The longest reply handed on (characters). The reply guard's patterns then never run on more than
 * this, whatever the endpoint sends; the chat itself keeps 1,000 (CHAT_MESSAGE_MAX_LENGTH).
 */
export const AI_REPLY_MAX_LENGTH = 4_000;

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string() }) }))
    .min(1, "the answer has no choices"),
});

export function createOpenAiChatClient(config: AiConfig): OpenAiChatClient {
  const headers = (): Record<string, string> => ({
    accept: "application/json",
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  });

  const request = async (path: string, init: RequestInit, signal: AbortSignal | undefined) => {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    try {
      return await fetch(`${config.baseUrl}${path}`, {
        ...init,
        headers: { ...headers(), ...init.headers },
        signal: combined,
      });
    } catch (error) {
      if (timeout.aborted)
        throw new AiEndpointError(`no answer within ${config.timeoutMs} ms`, { cause: error });
      if (signal?.aborted) throw new AiEndpointError("the request was cancelled", { cause: error });
      throw new AiEndpointError(`the endpoint cannot be reached: ${describe(error)}`, { cause: error });
    }
  };

  return {
    async complete(messages, signal) {
      const response = await request(
        "/chat/completions",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: config.model,
            messages,
            max_tokens: AI_MAX_TOKENS,
            temperature: AI_TEMPERATURE,
            stream: false,
          }),
        },
        signal,
      );
      let text: string;
      try {
        text = await readBounded(response, AI_MAX_BODY_BYTES);
      } catch (error) {
        if (error instanceof AiEndpointError) throw error;
        throw new AiEndpointError(`the answer could not be read: ${describe(error)}`, { cause: error });
      }
      if (!response.ok) {
        throw new AiEndpointError(`HTTP ${response.status}: ${text.slice(0, ERROR_BODY_PREVIEW)}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new AiEndpointError("the answer is not JSON", { cause: error });
      }
      const parsed = completionSchema.safeParse(body);
      if (!parsed.success) {
        throw new AiEndpointError(`the answer has no choices[0].message.content: ${parsed.error.message}`);
      }
      const [first] = parsed.data.choices;
      if (!first) throw new AiEndpointError("the answer has no choices");
      return first.message.content.slice(0, AI_REPLY_MAX_LENGTH);
    },

    async isHealthy(signal) {
      try {
        const response = await request("/models", { method: "GET" }, signal);
        // Reading the body frees the connection for the next request (keep-alive).
        await response.arrayBuffer();
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}

/** The body as text, refused once it passes `maxBytes` (the rest is never buffered). */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AiEndpointError(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
