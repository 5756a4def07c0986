import type { FastifyRequest } from "fastify";

/**
 * Development conveniences (the dev outbox) are for the person at this machine only. A request is
 * theirs when it came over loopback, straight (no proxy header: a reverse proxy on the same machine
 * connects over loopback too, on behalf of anyone), to a loopback host name.
 */

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"] as const;

/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 (RFC 6761, RFC 1122). */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    LOCAL_HOSTNAMES.has(name) || name.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/** A site whose public address is this machine (`http://localhost:3000`, the embedded default). */
export function isLocalUrl(url: string): boolean {
  return URL.canParse(url) && isLocalHostname(new URL(url).hostname);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const bare = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** Reads the socket's own peer address, never `request.ip` (which `TRUST_PROXY` lets a header set). */
export function isLocalDirectRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = request.headers.host;
  if (typeof host !== "string" || host.length > 300) return false;
  return URL.canParse(`http://${host}`) && isLocalHostname(new URL(`http://${host}`).hostname);
}
