import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { TrustProxy } from "../config";

/** Whether the hop at `address`, `hop` steps from the server, is a proxy whose `X-Forwarded-For` counts. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The one reading of `TRUST_PROXY` (a hop count or addresses/CIDR ranges), given to Fastify and used
 * for the Socket.IO handshake, so a socket's client IP is the one the HTTP routes see. Addresses and
 * ranges are compiled by proxy-addr (Fastify's own, IPv4-mapped IPv6 peers included). A hop count is
 * ours: Fastify reads a bare number as "trust no hop".
 */
export function createTrustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/**
 * The client's address as Fastify's `request.ip` resolves it (proxy-addr): from the peer address back
 * along `X-Forwarded-For` while each hop is trusted.
 */
export function clientIpOf(request: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(request, trust);
}
