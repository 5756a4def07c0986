import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { TrustProxy } from "../config";
import { clientIpOf, createTrustFunction } from "./client-ip";

/** Fastify's `request.ip` and ours for one request, through the same trust function. */
async function bothReadings(trust: TrustProxy, remoteAddress: string, forwardedFor?: string) {
  const trustFunction = createTrustFunction(trust);
  const app = Fastify({ trustProxy: trust === false ? false : trustFunction });
  app.get("/", async (request) => ({ fastify: request.ip, ours: clientIpOf(request.raw, trustFunction) }));
  const response = await app.inject({
    url: "/",
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
  await app.close();
  return response.json<{ fastify: string; ours: string }>();
}

describe("the client address of a socket handshake and of an HTTP request", () => {
  const CASES: Array<[TrustProxy, string, string | undefined, string]> = [
    [false, "127.0.0.1", "203.0.113.7", "127.0.0.1"],
    [1, "127.0.0.1", "198.51.100.1, 203.0.113.7", "203.0.113.7"],
    [2, "127.0.0.1", "198.51.100.1, 203.0.113.7", "198.51.100.1"],
    [1, "127.0.0.1", undefined, "127.0.0.1"],
    [["10.0.0.0/8"], "10.1.2.3", "198.51.100.1, 203.0.113.7", "203.0.113.7"],
    [["10.0.0.0/8"], "192.0.2.1", "203.0.113.7", "192.0.2.1"],
    // A dual-stack socket's IPv4 peer matches an IPv4 range; its address is reported as Fastify reports it.
    [["10.0.0.0/8"], "::ffff:10.1.2.3", "203.0.113.7", "203.0.113.7"],
    [["127.0.0.1", "::1"], "::1", "2001:db8::1", "2001:db8::1"],
  ];

  it.each(CASES)(
    "TRUST_PROXY %j, peer %s, X-Forwarded-For %s: %s",
    async (trust, peer, forwarded, expected) => {
      const { fastify, ours } = await bothReadings(trust, peer, forwarded);
      expect(ours).toBe(expected);
      expect(ours).toBe(fastify);
    },
  );
});
