export const ONLINE_COUNT_ENDPOINT = "/api/online-count";

/**
 * `GET /api/online-count` → `{ count }`. Any failure (network, non-2xx, odd body) throws, which the
 * header turns into the 500 fallback (spec §1). `baseUrl` is empty in the app (same origin).
 */
export async function fetchOnlineCount(baseUrl = ""): Promise<number> {
  const response = await fetch(`${baseUrl}${ONLINE_COUNT_ENDPOINT}`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Online count request failed with status ${response.status}`);
  const body: unknown = await response.json();
  const count = typeof body === "object" && body !== null ? (body as { count?: unknown }).count : undefined;
  if (typeof count !== "number") throw new Error("Online count response has no numeric count");
  return count;
}
