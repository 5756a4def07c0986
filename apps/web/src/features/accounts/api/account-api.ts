/**
 * One small fetch wrapper for the accounts HTTP contract (`packages/shared/src/api/accounts.ts`).
 * Errors come back as `{ error: { code, message } }` (ARCHITECTURE §6); Better Auth's own routes answer
 * `{ code, message }`, which is read too.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: string | null; message: string | null };

function readError(body: unknown): { code: string | null; message: string | null } {
  if (typeof body !== "object" || body === null) return { code: null, message: null };
  const { error, code, message } = body as {
    error?: { code?: unknown; message?: unknown };
    code?: unknown;
    message?: unknown;
  };
  const pick = (value: unknown) => (typeof value === "string" && value ? value : null);
  return {
    code: pick(error?.code) ?? pick(code),
    message: pick(error?.message) ?? pick(message),
  };
}

/** Where the API lives: the page's own origin in the app; component tests point it at their server. */
export const apiConfig = { baseUrl: "" };

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
}

/** A network failure answers status 0 (spec §8 'network-request-failed'). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const { method = options.body === undefined ? "GET" : "POST", body } = options;
  let response: Response;
  try {
    response = await fetch(`${apiConfig.baseUrl}${path}`, {
      method,
      credentials: "include",
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: "network-request-failed", message: null };
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  return { ok: false, status: response.status, ...readError(parsed) };
}
