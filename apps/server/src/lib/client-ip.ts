import type { IncomingMessage } from "node:http";
import { BlockList, isIPv4 } from "node:net";
import type { TrustProxy } from "../config";

/** Whether the hop at `address`, `hop` steps from the server, is a proxy whose `X-Forwarded-For` counts. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The one reading of `TRUST_PROXY` (a hop count or addresses/CIDR ranges), given to Fastify and used
 * for the Socket.IO handshake, so a socket's client IP is the one the HTTP routes see.
 */
export function createTrustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  const list = new BlockList();
  for (const entry of trust) {
    const [address = "", prefix] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = unmapped(address);
    return list.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
  };
}

/**
 * The client's address as proxy-addr (Fastify's `request.ip`) resolves it: from the peer address
 * back along `X-Forwarded-For` while each hop is trusted.
 */
export function clientIpOf(request: IncomingMessage, trust: TrustFunction): string {
  const peer = request.socket.remoteAddress ?? "";
  const header = request.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .reverse();
  const chain = [peer, ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(chain[hop] ?? "", hop)) return unmapped(chain[hop] ?? "");
  }
  return unmapped(chain.at(-1) ?? "");
}

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 on a dual-stack socket. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}
