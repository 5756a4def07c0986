import { apiConfig } from "../../accounts/api/account-api";

/** A failed call to our API: the HTTP status and the server's `{ error: { code, message } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/** The server's error text: our `{ error: { message } }` shape or Better Auth's `{ message }`. */
export function errorBodyMessage(body: unknown): { message: string | null; code: string | null } {
  if (typeof body !== "object" || body === null) return { message: null, code: null };
  const { error, message, code } = body as {
    error?: { message?: unknown; code?: unknown };
    message?: unknown;
    code?: unknown;
  };
  const text = typeof error?.message === "string" && error.message ? error.message : message;
  const errorCode = typeof error?.code === "string" ? error.code : code;
  return {
    message: typeof text === "string" && text ? text : null,
    code: typeof errorCode === "string" ? errorCode : null,
  };
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal;
}

/**
 * One JSON call with the session cookie. A non-2xx answer throws `ApiError` carrying the server's
 * message (or `HTTP <status>` when it sent none), so callers can show it as it comes.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", json, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${apiConfig.baseUrl}${path}`, {
    method,
    credentials: "include",
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { message, code } = errorBodyMessage(body);
    throw new ApiError(response.status, message ?? `HTTP ${response.status}`, code);
  }
  return body as T;
}
