import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { apiConfig } from "../lib/http-client";

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface ScriptedAnswer {
  status: number;
  body: unknown;
}

/**
 * A real HTTP server on a free port that answers the accounts endpoints the way a test scripts them
 * (the browser suite covers the real server). Points the web client's `apiConfig` at itself.
 */
export interface AccountsHttpServer {
  url: string;
  requests: RecordedRequest[];
  /**
   * Answers `METHOD path` with this until changed: a route with a query (`GET /api/x?a=1`) answers that
   * exact URL only, one without answers the path whatever the query.
   */
  answer: (route: string, status: number, body: unknown) => void;
  /**
   * Holds the next request to `METHOD path`: it is answered as scripted when it arrived, but only once
   * the returned function is called (a read that began before something changed).
   */
  holdNext: (route: string) => () => void;
  close: () => Promise<void>;
}

export async function startAccountsHttpServer(): Promise<AccountsHttpServer> {
  const answers = new Map<string, ScriptedAnswer>([
    ["GET /api/accounts/me", { status: 200, body: { user: null } }],
    ["GET /api/captcha/config", { status: 200, body: { provider: "off" } }],
    ["GET /api/users/check-username", { status: 200, body: { available: true } }],
  ]);
  const requests: RecordedRequest[] = [];
  const holds = new Map<string, Promise<void>>();
  const server: Server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      const method = request.method ?? "GET";
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method, path: request.url ?? path, body });
      const scripted = answers.get(`${method} ${request.url ?? path}`) ??
        answers.get(`${method} ${path}`) ?? {
          status: 404,
          body: { error: { code: "not_found", message: "Not found." } },
        };
      const send = () =>
        response
          .writeHead(scripted.status, { "Content-Type": "application/json" })
          .end(JSON.stringify(scripted.body));
      const held = holds.get(`${method} ${path}`);
      holds.delete(`${method} ${path}`);
      if (held) void held.then(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiConfig.baseUrl = url;
  return {
    url,
    requests,
    answer: (route, status, body) => answers.set(route, { status, body }),
    holdNext: (route) => {
      let release: () => void = () => undefined;
      holds.set(
        route,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => release();
    },
    close: async () => {
      apiConfig.baseUrl = "";
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
