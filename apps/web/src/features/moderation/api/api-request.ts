import { API_ERROR_MESSAGES } from "@heartline/shared";

/** The server's message from `{ error: { code, message } }`, or a plain fallback (ARCHITECTURE §6). */
export async function readApiError(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return typeof message === "string" && message ? message : API_ERROR_MESSAGES.internal;
}

/** A JSON call to our API with the session cookie; throws an Error with the server's message. */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "include",
    headers: {
      Accept: "application/json",
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(await readApiError(response));
  return (await response.json()) as T;
}
