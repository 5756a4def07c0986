import { API_ERROR_MESSAGES } from "@heartline/shared";

/** Where the API lives: the page's own origin in the app; component tests point it at their server. */
export const apiConfig = { baseUrl: "" };

/** The code of a request that never got an answer (spec §8 'network-request-failed'). */
export const NETWORK_ERROR_CODE = "network-request-failed";
/** The code of a request that ran past its `timeoutMs`. */
export const TIMEOUT_ERROR_CODE = "timeout";

/**
 * The one error of every call to our API (ARCHITECTURE §6 `{ error: { code, message } }`).
 * `status` 0 means no answer arrived (network failure or timeout, see `code`). `message` is always
 * showable: the server's own text, or a generic one when it sent none (`serverMessage` is then null).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null, code: string | null = null) {
    super(serverMessage || API_ERROR_MESSAGES.internal);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage || null;
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/**
 * The `ApiError` for a failed answer's parsed body: our `{ error: { code, message } }` shape, or
 * Better Auth's own `{ code, message }` on the library routes.
 */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (typeof body !== "object" || body === null) return new ApiError(status, null);
  const { error, code, message } = body as {
    error?: { code?: unknown; message?: unknown };
    code?: unknown;
    message?: unknown;
  };
  return new ApiError(status, text(error?.message) ?? text(message), text(error?.code) ?? text(code));
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a `FormData` upload, or JSON text already encoded); wins over `json`. */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Gives up after this long with an `ApiError` whose code is `timeout`. */
  timeoutMs?: number;
  /** Lets the request outlive the page (page views sent on unload). */
  keepalive?: boolean;
  /** Overrides `apiConfig.baseUrl` (tests that start their own server). */
  baseUrl?: string;
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const { method = "GET", json, body, signal, timeoutMs, baseUrl = apiConfig.baseUrl } = options;
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (body === undefined && json !== undefined) headers["Content-Type"] = "application/json";
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(`${baseUrl}${path}`, {
      method,
      credentials: "include",
      headers,
      body: body ?? (json === undefined ? undefined : JSON.stringify(json)),
      signal: timeout && signal ? AbortSignal.any([signal, timeout]) : (timeout ?? signal),
      keepalive: options.keepalive,
    });
  } catch (error) {
    // The caller's own cancel stays an AbortError (TanStack Query expects it).
    if (signal?.aborted) throw error;
    throw new ApiError(0, null, timeout?.aborted ? TIMEOUT_ERROR_CODE : NETWORK_ERROR_CODE);
  }
}

/**
 * One call to our API with the session cookie. Resolves with the parsed JSON body (null when there
 * is none); a non-2xx answer or a missing answer throws `ApiError`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFromBody(response.status, body);
  return body as T;
}
