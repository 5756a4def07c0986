import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AccountUser, type PublicProfile, profileUpdateSchema } from "@heartline/shared";
import { apiConfig } from "../lib/http-client";

/** One request as the fake API saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  body: string;
}

export interface FakeAccountApi {
  /** The signed-in user as the "server" holds it (null: signed out). */
  user: AccountUser | null;
  seen: SeenRequest[];
  /** Public profiles by id for GET /api/users/:id (a missing id answers 404). */
  profiles: Map<string, PublicProfile>;
  /** The ids the user blocks: GET /api/blocks lists them, POST adds, DELETE /api/blocks/:id removes. */
  blockedIds: Set<string>;
  /** Answers the next request to `method url` with this status and error message instead. */
  failNext(method: string, url: string, status: number, message: string): void;
  close(): Promise<void>;
}

export const CURRENT_PASSWORD = "old-secret";

export function accountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: "u".repeat(24),
    email: "maya@example.com",
    username: "maya",
    isGuest: false,
    emailVerified: true,
    dob: "1990-01-01",
    gender: "female",
    profileImage: null,
    bannerImage: null,
    bio: null,
    isAdmin: false,
    conversionAttempts: 0,
    showSensitiveImages: false,
    locale: null,
    conversionRequestedAt: null,
    conversionCompletedAt: null,
    createdAt: Date.UTC(2026, 0, 15),
    ...overrides,
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
}

/**
 * A real HTTP server speaking the accounts contract (`packages/shared/src/api/accounts.ts`) over an
 * in-memory user, for component tests; `apiConfig.baseUrl` points the app at it until `close()`.
 */
export async function startFakeAccountApi(initial: AccountUser | null): Promise<FakeAccountApi> {
  const failures = new Map<string, { status: number; message: string }>();
  const api: FakeAccountApi = {
    user: initial,
    seen: [],
    profiles: new Map(),
    blockedIds: new Set(),
    failNext: (method, url, status, message) => failures.set(`${method} ${url}`, { status, message }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const method = request.method ?? "GET";
    const url = request.url ?? "";
    api.seen.push({ method, url, body });
    // jsdom's XMLHttpRequest (uploads) applies CORS like a browser.
    response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
    response.setHeader("Access-Control-Allow-Credentials", "true");
    response.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, DELETE");
    response.setHeader("Access-Control-Allow-Headers", "Accept, Content-Type");
    const send = (status: number, payload: unknown) =>
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
    if (method === "OPTIONS") return void response.writeHead(204).end();
    const failure = failures.get(`${method} ${url}`);
    if (failure) {
      failures.delete(`${method} ${url}`);
      return send(failure.status, { error: { code: "bad_request", message: failure.message } });
    }
    const user = api.user;
    if (method === "GET" && url === "/api/accounts/me") return send(200, { user });
    const profileId = /^\/api\/users\/([A-Za-z0-9]+)$/.exec(url)?.[1];
    if (method === "GET" && profileId && profileId !== "me") {
      const profile = api.profiles.get(profileId);
      return profile ? send(200, profile) : send(404, { error: { code: "not_found", message: "Not found" } });
    }
    if (!user) return send(401, { error: { code: "unauthorized", message: "Authentication required" } });
    if (method === "PATCH" && url === "/api/users/me") {
      const parsed = profileUpdateSchema.safeParse(JSON.parse(body));
      if (!parsed.success) return send(400, { error: { message: parsed.error.issues[0]?.message } });
      api.user = { ...user, ...parsed.data } as AccountUser;
      return send(200, { user: api.user });
    }
    if (method === "POST" && (url === "/api/users/me/avatar" || url === "/api/users/me/banner")) {
      const field = url.endsWith("avatar") ? "profileImage" : "bannerImage";
      api.user = { ...user, [field]: `/uploads/${user.id}/${field}-${api.seen.length}.gif` };
      return send(200, { user: api.user });
    }
    if (method === "GET" && url === "/api/blocks") return send(200, { blockedIds: [...api.blockedIds] });
    // No friends and no requests: friendship reads "none" (issue #38's FriendshipAction).
    if (method === "GET" && url === "/api/friends") return send(200, { friends: [] });
    if (method === "GET" && url === "/api/friend-requests") return send(200, { incoming: [], outgoing: [] });
    if (method === "POST" && url === "/api/blocks") {
      api.blockedIds.add((JSON.parse(body) as { userId: string }).userId);
      return send(200, { blocked: true });
    }
    if (method === "DELETE" && url.startsWith("/api/blocks/")) {
      api.blockedIds.delete(decodeURIComponent(url.slice("/api/blocks/".length)));
      return send(200, { blocked: false });
    }
    if (method === "DELETE" && url === "/api/users/me") {
      api.user = null;
      return send(200, { ok: true });
    }
    if (method === "POST" && url === "/api/accounts/change-password") {
      const input = JSON.parse(body) as { currentPassword?: string };
      if (input.currentPassword !== CURRENT_PASSWORD) {
        return send(400, { error: { code: "bad_request", message: "Invalid password" } });
      }
      return send(200, { ok: true });
    }
    if (method === "POST" && url === "/api/accounts/sign-out-everywhere") {
      api.user = null;
      return send(200, { ok: true });
    }
    send(404, { error: { code: "not_found", message: "Not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiConfig.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = api.close;
  api.close = async () => {
    apiConfig.baseUrl = "";
    await close();
  };
  return api;
}
