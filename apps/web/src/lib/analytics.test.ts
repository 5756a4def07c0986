import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PAGE_VIEW_ENDPOINT, type PageViewTransport, trackPageView } from "./analytics";

interface Sent {
  url: string;
  body: string;
  type?: string;
  init?: RequestInit;
}

function recordingTransport(beaconAccepts: boolean | null): { transport: PageViewTransport; sent: Sent[] } {
  const sent: Sent[] = [];
  const transport: PageViewTransport = {
    fetch: async (url, init) => {
      sent.push({ url, body: String(init.body), init });
    },
  };
  if (beaconAccepts !== null) {
    transport.sendBeacon = (url, data) => {
      if (beaconAccepts) void data.text().then((body) => sent.push({ url, body, type: data.type }));
      return beaconAccepts;
    };
  }
  return { transport, sent };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("trackPageView (spec §2 analytics on every route change)", () => {
  it("sends { path } as a JSON beacon to our own endpoint", async () => {
    const { transport, sent } = recordingTransport(true);
    trackPageView("/about", transport);
    await flush();
    expect(sent).toEqual([{ url: PAGE_VIEW_ENDPOINT, body: '{"path":"/about"}', type: "application/json" }]);
  });

  it("falls back to a keepalive POST when the browser refuses the beacon", async () => {
    const { transport, sent } = recordingTransport(false);
    trackPageView("/chat", transport);
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toBe('{"path":"/chat"}');
    expect(sent[0]?.init).toMatchObject({ method: "POST", keepalive: true });
  });

  it("falls back to fetch when there is no sendBeacon", async () => {
    const { transport, sent } = recordingTransport(null);
    trackPageView("/", transport);
    await flush();
    expect(sent.map((entry) => entry.url)).toEqual([PAGE_VIEW_ENDPOINT]);
  });

  it("posts a body the server can read, and swallows network failures", async () => {
    const bodies: string[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        bodies.push(`${request.method} ${request.url} ${request.headers["content-type"]} ${body}`);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      trackPageView("/leaderboard", { fetch: (url, init) => fetch(`${base}${url}`, init) });
      await expect
        .poll(() => bodies)
        .toEqual([`POST ${PAGE_VIEW_ENDPOINT} application/json {"path":"/leaderboard"}`]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // A refused connection must not surface as an unhandled rejection.
    trackPageView("/after", { fetch: (url, init) => fetch(`${base}${url}`, init) });
    await flush();
  });
});
