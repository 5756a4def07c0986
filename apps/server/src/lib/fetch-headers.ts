import type { IncomingHttpHeaders } from "node:http";

/** Node's header object as Fetch `Headers`, the shape Better Auth reads (repeated headers kept). */
export function toFetchHeaders(source: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}
