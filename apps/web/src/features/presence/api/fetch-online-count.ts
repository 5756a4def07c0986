import { apiRequest } from "../../../lib/http-client";

export const ONLINE_COUNT_ENDPOINT = "/api/online-count";

/**
 * `GET /api/online-count` → `{ count }`. Any failure (network, non-2xx, odd body) throws, which the
 * header turns into the 500 fallback (spec §1). `baseUrl` is empty in the app (same origin).
 */
export async function fetchOnlineCount(baseUrl = ""): Promise<number> {
  const body = await apiRequest<unknown>(ONLINE_COUNT_ENDPOINT, { baseUrl });
  const count = typeof body === "object" && body !== null ? (body as { count?: unknown }).count : undefined;
  if (typeof count !== "number") throw new Error("Online count response has no numeric count");
  return count;
}
