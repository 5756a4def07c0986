/** A connection URL safe to print: the password is masked. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** Query parameters whose value must never be logged: any name containing `token` (`resetToken`…). */
const SECRET_PARAM = /token/i;

/**
 * A request URL (path and query) safe to log: the value of every query parameter named like a token
 * is masked (`/api/auth/verify-email?token=***`, `/?resetToken=***`). The path is kept as it is.
 */
export function redactTokenParams(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      const name = separator === -1 ? pair : pair.slice(0, separator);
      return SECRET_PARAM.test(safeDecode(name)) ? `${name}=***` : pair;
    })
    .join("&");
  return `${url.slice(0, queryStart)}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** What the request log shows of a request: Fastify's default fields, the URL through `redactTokenParams`. */
export function requestLogFields(request: {
  method: string;
  url: string;
  host: string;
  ip: string;
  headers: Record<string, unknown>;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: redactTokenParams(request.url),
    version: request.headers["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
