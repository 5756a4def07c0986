import { randomUUID } from "node:crypto";
import { API_ERROR_STATUS, CLIENT_EVENT_NAMES } from "@heartline/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_EVENT_ACK } from "../../src/realtime/socket-listeners";
import {
  AUTH_HEADERS,
  asPerson,
  cookieOf,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { multipartFile, smallPng } from "../fixtures/images";
import { delay } from "../helpers/socket-events";
import {
  type ConnectOptions,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
  type TestClient,
  waitForConnect,
} from "../helpers/test-app";
import { roomyEventLimits } from "../realtime/event-limit-fixtures";
import {
  type CellContext,
  EVENTS,
  type EventEntry,
  type Outcome,
  ROLES,
  ROUTES,
  type Role,
  type RouteEntry,
  UNKNOWN_EVENTS,
} from "./authorization-matrix";

/**
 * The authorization matrix (authorization-matrix.ts) against the running app: every registered route
 * and every contract event has an entry, no entry is stale, and every route × role and event × role
 * ends exactly as declared. Refusals change nothing (the moderation and account tables are compared
 * before and after every entry's refused cells).
 */

const TABLES = [
  "banned_users",
  "muted_users",
  "reports",
  "group_messages",
  "user",
  "session",
  "direct_messages",
  "conversations",
  "conversation_state",
  "confessions",
  "confession_comments",
  "confession_reactions",
  "confession_pseudonyms",
] as const;
/** Headers and a handshake a careless server might believe. */
const FORGED_HEADERS = (adminId: string) => ({
  "x-is-admin": "true",
  "x-user-id": adminId,
  "x-role": "admin",
});

interface Caller {
  role: Role;
  person: TestPerson | null;
}

/**
 * The routes the app registers, read from Fastify's radix tree (`printRoutes({ commonPrefix: true })`
 * prints each node's own segment, so a path is its ancestors' segments joined). HEAD routes Fastify adds
 * for every GET are left out.
 */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (.*)$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const node = match[2] ?? "";
    const methodsMatch = / \(([A-Z, ]+)\)$/.exec(node);
    const segment = methodsMatch ? node.slice(0, methodsMatch.index) : node;
    stack.length = depth;
    stack.push(segment);
    if (!methodsMatch) continue;
    const methods = (methodsMatch[1] ?? "").split(",").map((method) => method.trim());
    for (const method of methods) {
      if (method === "HEAD" && methods.includes("GET")) continue;
      routes.add(`${method} ${stack.join("")}`);
    }
  }
  return [...routes].sort();
}

const routeKey = (entry: Pick<RouteEntry, "method" | "path">) => `${entry.method} ${entry.path}`;

describe("security: the authorization matrix (generated from the route table and the event contract)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let victim: TestPerson;
  let observer: TestClient;
  let image: Buffer;
  let targets: CellContext["targets"];
  let victimMessageId: string;
  let victimDirectMessageId: string;
  let victimConfessionId: string;
  let victimCommentId: string;
  let victimDmImageUrl: string;
  /** The browser of a banned user (seen in the group before the ban, so the ban covers it). */
  let bannedDeviceId: string;
  const callers = new Map<Role, Caller>();
  /** `freshCaller` routes: one new account per role and route (the call ends it). */
  const freshCallers = new Map<string, Caller>();
  let counter = 0;
  const nextName = (prefix: string) => `${prefix}${(counter++).toString(36)}_${randomUUID().slice(0, 4)}`;

  const adminRequest = (method: "POST" | "DELETE", url: string, payload?: object) =>
    requestAs(test.app, admin, method, url, payload);

  async function makeCaller(role: Role): Promise<Caller> {
    const name = nextName(role.slice(0, 5));
    switch (role) {
      case "visitor":
        return { role, person: null };
      case "guest":
        return { role, person: await createGuest(test.app, name) };
      case "bannedBrowser":
        return { role, person: await createGuest(test.app, name, bannedDeviceId) };
      case "unverified":
        return { role, person: await createRegistered(test.app, name, { isVerified: false }) };
      case "admin":
        return { role, person: await createRegistered(test.app, name, { isAdmin: true }) };
      case "muted": {
        const person = await createRegistered(test.app, name);
        expect((await adminRequest("POST", "/api/admin/mutes", { username: name })).statusCode).toBe(200);
        return { role, person };
      }
      case "banned": {
        const person = await createRegistered(test.app, name);
        expect((await adminRequest("POST", "/api/admin/bans", { username: name })).statusCode).toBe(200);
        return { role, person };
      }
      default:
        return { role, person: await createRegistered(test.app, name) };
    }
  }

  async function guestTarget(): Promise<TestPerson> {
    return createGuest(test.app, nextName("tgt"));
  }

  function contextFor(caller: Caller): CellContext {
    return {
      role: caller.role,
      self: caller.person ? { id: caller.person.id, username: caller.person.username } : null,
      victim: { id: victim.id, username: victim.username },
      victimMessageId,
      victimDirectMessageId,
      victimConfessionId,
      victimCommentId,
      victimDmImageUrl,
      targets,
      image,
    };
  }

  async function tables(): Promise<string> {
    const dumps: unknown[] = [];
    for (const table of TABLES) {
      const result = (await test.app.db.execute(
        sql.raw(`select * from "${table}" order by 1`),
      )) as unknown as { rows: unknown[] };
      dumps.push(result.rows);
    }
    return JSON.stringify(dumps);
  }

  beforeAll(async () => {
    // The event limits have their own suite (test/realtime/event-limits.test.ts): here every cell must
    // reach the rule under test, not the limiter, from one address.
    test = await startTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: "100",
        SOCKET_CONNECTIONS_PER_IP: "1000",
        SOCKET_EVENT_LIMIT_SCALE: "1000",
      },
      realtime: { eventLimits: roomyEventLimits() },
    });
    image = await smallPng();
    admin = await createRegistered(test.app, nextName("boss"), { isAdmin: true });
    victim = await createRegistered(test.app, nextName("vic"));

    // The victim is the group's observer: in the room, with messages others act on.
    observer = await test.connect(asPerson(victim));
    expect((await emitWithAck(observer, "join_group")).ok).toBe(true);
    const [mine, toDelete, toAction] = [groupText("mine"), groupText("delete me"), groupText("act on me")];
    for (const message of [mine, toDelete, toAction]) {
      expect((await emitWithAck(observer, "group_message", message)).ok).toBe(true);
    }
    victimMessageId = mine.id;
    // A direct message of the victim's (to the admin): `otherUsersResource` reuses its id.
    const dm = { id: randomUUID(), receiverId: admin.id, content: "a private word", type: "text" };
    expect((await emitWithAck(observer, "direct_message", dm)).ok).toBe(true);
    victimDirectMessageId = dm.id;
    // An image of the victim's to the admin (issue #33): only those two may load it.
    const upload = multipartFile(image);
    const uploaded = await test.app.inject({
      method: "POST",
      url: "/api/dm/images",
      headers: { origin: TEST_PUBLIC_URL, cookie: cookieOf(victim), ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    victimDmImageUrl = uploaded.json<{ url: string }>().url;
    const imageDm = { id: randomUUID(), receiverId: admin.id, content: victimDmImageUrl, type: "image" };
    expect((await emitWithAck(observer, "direct_message", imageDm)).ok).toBe(true);
    const report = async (messageId: string) => {
      const response = await adminRequest("POST", "/api/reports", {
        targetUserId: victim.id,
        messageId,
        reason: "spam",
      });
      return response.json<{ reportId: string }>().reportId;
    };

    const [toBan, toUnban, toUnbanBySocket, toUnbanById, toMute, toUnmute] = await Promise.all([
      guestTarget(),
      guestTarget(),
      guestTarget(),
      guestTarget(),
      guestTarget(),
      guestTarget(),
    ]);
    const bannedOwner = await createRegistered(test.app, nextName("bnown"));
    bannedDeviceId = bannedOwner.deviceId;
    const ownerSocket = await test.connect(asPerson(bannedOwner));
    expect((await emitWithAck(ownerSocket, "join_group")).ok).toBe(true);
    ownerSocket.disconnect();
    for (const target of [toUnban, toUnbanBySocket, toUnbanById, bannedOwner]) {
      expect((await adminRequest("POST", "/api/admin/bans", { username: target.username })).statusCode).toBe(
        200,
      );
    }
    expect((await adminRequest("POST", "/api/admin/mutes", { username: toUnmute.username })).statusCode).toBe(
      200,
    );
    // The victim's confessions and comments (the wall's cells act on them).
    const confess = async (content: string) => {
      const id = randomUUID();
      const response = await requestAs(test.app, victim, "POST", "/api/confessions", { id, content });
      expect(response.statusCode).toBe(201);
      return id;
    };
    const comment = async (confessionId: string, content: string) => {
      const id = randomUUID();
      const url = `/api/confessions/${confessionId}/comments`;
      expect((await requestAs(test.app, victim, "POST", url, { id, content })).statusCode).toBe(201);
      return id;
    };
    victimConfessionId = await confess("the victim's confession");
    victimCommentId = await comment(victimConfessionId, "the victim's comment");
    const confessionToRemove = await confess("an admin removes this");
    const commentToRemove = {
      confessionId: victimConfessionId,
      commentId: await comment(victimConfessionId, "an admin removes this comment"),
    };
    targets = {
      confessionToRemove,
      commentToRemove,
      toBan,
      toUnban,
      toUnbanBySocket,
      toUnbanById,
      toMute,
      toUnmute,
      reportToDismiss: await report(mine.id),
      reportToAction: await report(toAction.id),
      messageToDelete: toDelete.id,
    };

    // Two at a time: password hashing is CPU, and the machine has two cores.
    const wanted: Array<{ key: string; role: Role; into: Map<string, Caller> }> = [
      ...ROLES.map((role) => ({ key: role, role, into: callers as Map<string, Caller> })),
      ...ROUTES.filter((entry) => entry.freshCaller && !("public" in entry.expect)).flatMap((entry) =>
        ROLES.map((role) => ({ key: `${routeKey(entry)} ${role}`, role, into: freshCallers })),
      ),
    ];
    for (let index = 0; index < wanted.length; index += 2) {
      await Promise.all(
        wanted.slice(index, index + 2).map(async ({ key, role, into }) => {
          into.set(key, await makeCaller(role));
        }),
      );
    }
  }, 180_000);

  afterAll(async () => {
    await test?.close();
  });

  // ── completeness ───────────────────────────────────────────────────────────────────────────────
  it("has an entry for every route the app registers, and no entry for a route that is gone", () => {
    const registered = registeredRoutes(test.app.printRoutes({ commonPrefix: true, includeMeta: false }));
    expect(registered.length).toBeGreaterThan(20);
    const declared = new Set(ROUTES.map(routeKey));
    const problems = [
      ...registered
        .filter((route) => !declared.has(route))
        .map((route) => `new route ${route} has no authorization-matrix entry`),
      ...[...declared]
        .filter((route) => !registered.includes(route))
        .filter((route) => !ROUTES.find((entry) => routeKey(entry) === route)?.registeredOnlyWhen)
        .map((route) => `authorization-matrix entry ${route} names a route the app does not register`),
      ...ROUTES.map(routeKey)
        .filter((route, index, all) => all.indexOf(route) !== index)
        .map((route) => `route ${route} has two authorization-matrix entries`),
    ];
    expect(problems).toEqual([]);
  });

  it("has an entry for every client→server event of the contract, and none for an event that is gone", () => {
    const contract = new Set<string>(CLIENT_EVENT_NAMES);
    const declared = EVENTS.map((entry) => entry.event as string);
    const problems = [
      ...[...contract]
        .filter((event) => !declared.includes(event))
        .map((event) => `new event ${event} has no authorization-matrix entry`),
      ...declared
        .filter((event) => !contract.has(event))
        .map((event) => `authorization-matrix entry ${event} names an event the contract does not have`),
      ...declared
        .filter((event, index) => declared.indexOf(event) !== index)
        .map((event) => `event ${event} has two authorization-matrix entries`),
    ];
    expect(problems).toEqual([]);
  });

  // ── HTTP ───────────────────────────────────────────────────────────────────────────────────────
  function callerFor(entry: RouteEntry, role: Role): Caller {
    const caller = entry.freshCaller ? freshCallers.get(`${routeKey(entry)} ${role}`) : callers.get(role);
    if (!caller) throw new Error(`no caller for ${role}`);
    return caller;
  }

  async function performHttp(entry: RouteEntry, caller: Caller, variant: "valid" | "empty-body" = "valid") {
    const request = entry.request?.(contextFor(caller)) ?? { url: entry.path };
    const headers: Record<string, string> = { origin: TEST_PUBLIC_URL };
    if (caller.person) headers.cookie = cookieOf(caller.person);
    if (caller.role === "forgedAdmin") Object.assign(headers, FORGED_HEADERS(admin.id));
    if (request.file) {
      const body = multipartFile(request.file, { filename: "picture.png", contentType: "image/png" });
      return test.app.inject({
        method: entry.method,
        url: request.url,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    }
    const payload = variant === "empty-body" ? {} : request.payload;
    return test.app.inject({
      method: entry.method,
      url: request.url,
      headers: payload ? { ...headers, ...AUTH_HEADERS } : headers,
      ...(payload ? { payload } : {}),
    });
  }

  function httpMismatch(
    entry: RouteEntry,
    caller: Caller,
    outcome: Outcome,
    response: { statusCode: number; body: string },
  ): string | undefined {
    const cell = `${routeKey(entry)} as ${caller.role}`;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = response.body;
    }
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    if (outcome.kind === "allowed") {
      if (response.statusCode >= 300) {
        return `${cell}: expected allowed, got ${response.statusCode} ${error?.code ?? response.body.slice(0, 120)}`;
      }
      const problem = entry.checkBody?.(body, contextFor(caller));
      return problem ? `${cell}: ${problem}` : undefined;
    }
    if (outcome.kind === "refused") {
      const status = API_ERROR_STATUS[outcome.code];
      if (response.statusCode < 300)
        return `${cell}: UNEXPECTED SUCCESS ${response.statusCode}, expected ${outcome.code}`;
      if (response.statusCode !== status || error?.code !== outcome.code) {
        return `${cell}: expected ${status} ${outcome.code}, got ${response.statusCode} ${error?.code} (${error?.message})`;
      }
      if (outcome.message !== undefined && error.message !== outcome.message) {
        return `${cell}: expected the message "${outcome.message}", got "${error.message}"`;
      }
      return undefined;
    }
    return `${cell}: ${outcome.kind} is not an HTTP outcome`;
  }

  it("answers every route × role as the matrix says; refusals change nothing", async () => {
    const problems: string[] = [];
    let cells = 0;
    for (const entry of ROUTES) {
      const expectation = entry.expect;
      if ("public" in expectation) continue;
      const byKind = (refusal: boolean) =>
        ROLES.filter((role) => (expectation[role].kind === "refused") === refusal).map((role) => ({
          caller: callerFor(entry, role),
          outcome: expectation[role],
        }));

      const refusedCells = byKind(true);
      if (refusedCells.length > 0) {
        const before = await tables();
        const answers = await Promise.all(refusedCells.map(({ caller }) => performHttp(entry, caller)));
        refusedCells.forEach(({ caller, outcome }, index) => {
          const answer = answers[index];
          if (answer) problems.push(httpMismatch(entry, caller, outcome, answer) ?? "");
        });
        // ARCHITECTURE §9.4: a refused caller learns nothing, not even whether the body was well-formed.
        const bodied = entry.request?.(
          contextFor(refusedCells[0]?.caller ?? { role: "visitor", person: null }),
        );
        if (bodied?.payload) {
          const probes = refusedCells.filter(
            ({ outcome }) => outcome.kind === "refused" && outcome.message !== undefined,
          );
          const invalid = await Promise.all(
            probes.map(({ caller }) => performHttp(entry, caller, "empty-body")),
          );
          probes.forEach(({ caller, outcome }, index) => {
            const answer = invalid[index];
            const problem = answer && httpMismatch(entry, caller, outcome, answer);
            if (problem) problems.push(`${problem} (with an invalid body)`);
          });
        }
        const after = await tables();
        if (after !== before) problems.push(`${routeKey(entry)}: a refused call changed the database`);
        cells += refusedCells.length;
      }

      const allowedCells = byKind(false);
      const answers = await Promise.all(allowedCells.map(({ caller }) => performHttp(entry, caller)));
      allowedCells.forEach(({ caller, outcome }, index) => {
        const answer = answers[index];
        if (answer) problems.push(httpMismatch(entry, caller, outcome, answer) ?? "");
      });
      cells += allowedCells.length;
    }
    expect(problems.filter((problem) => problem !== "")).toEqual([]);
    expect(cells).toBe(ROUTES.filter((entry) => !("public" in entry.expect)).length * ROLES.length);
  }, 120_000);

  // ── socket events ──────────────────────────────────────────────────────────────────────────────
  it("answers every event × role as the matrix says; refusals change nothing", async () => {
    const sockets = new Map<Role, { socket: TestClient; userId: string }>();
    for (const role of ROLES) {
      const caller = callers.get(role);
      if (!caller) throw new Error(`no caller for ${role}`);
      const forged = { auth: { isAdmin: true, userId: admin.id, username: admin.username } };
      const options: ConnectOptions = caller.person
        ? asPerson(caller.person, role === "forgedAdmin" ? forged : {})
        : {};
      const socket = test.client(options);
      const session = new Promise<string>((resolve) =>
        socket.once("session", (payload) => resolve(payload.userId)),
      );
      await waitForConnect(socket);
      const userId = await session;
      if (caller.person) expect(userId).toBe(caller.person.id);
      sockets.set(role, { socket, userId });
    }

    // What the observer (a group member) and each caller saw, for the events without an ack.
    const seen = {
      typing: [] as string[],
      status: [] as string[],
      dmTyping: [] as string[],
      dmStatus: [] as string[],
    };
    observer.on("group_typing", (payload) => seen.typing.push(payload.userId));
    observer.on("group_people", (delta) => seen.status.push(...delta.upserts.map((user) => user.userId)));
    observer.on("direct_message_typing", (payload) => seen.dmTyping.push(payload.senderId));
    observer.on("direct_message_status", (payload) => seen.dmStatus.push(payload.conversationId));
    // The victim writes to every caller who can receive, so a delivery receipt has something to mark.
    for (const [role, { userId }] of sockets) {
      if (role === "visitor") continue;
      const note = { id: randomUUID(), receiverId: userId, content: `hi ${role}`, type: "text" };
      await emitWithAck(observer, "direct_message", note);
    }
    const onlineUsers = new Map<Role, number>();
    for (const [role, { socket }] of sockets) {
      onlineUsers.set(role, 0);
      socket.on("online_users", () => onlineUsers.set(role, (onlineUsers.get(role) ?? 0) + 1));
    }

    const problems: string[] = [];
    let cells = 0;
    for (const entry of EVENTS) {
      const run = async (role: Role): Promise<string | undefined> => {
        const target = sockets.get(role);
        const caller = callers.get(role);
        if (!target || !caller) return `no socket for ${role}`;
        return performEvent(entry, role, target, contextFor(caller));
      };
      const refusedRoles = ROLES.filter((role) => entry.expect[role].kind === "refused");
      if (refusedRoles.length > 0) {
        const before = await tables();
        problems.push(...((await Promise.all(refusedRoles.map(run))).filter(Boolean) as string[]));
        if ((await tables()) !== before) problems.push(`${entry.event}: a refused emit changed the database`);
      }
      const otherRoles = ROLES.filter((role) => entry.expect[role].kind !== "refused");
      problems.push(...((await Promise.all(otherRoles.map(run))).filter(Boolean) as string[]));
      cells += ROLES.length;
    }
    // The "unknown event" row: every role, with an ack and without; nothing changes.
    const beforeUnknown = await tables();
    for (const { event, expect: outcomes } of UNKNOWN_EVENTS) {
      for (const ack of [true, false]) {
        // The row's names are outside the contract on purpose: the cell runs as any event would.
        const entry = { event: event as EventEntry["event"], ack, effect: "none", expect: outcomes } as const;
        problems.push(
          ...((
            await Promise.all(
              ROLES.map((role) => {
                const target = sockets.get(role);
                const caller = callers.get(role);
                return target && caller
                  ? performEvent(entry, role, target, contextFor(caller))
                  : `no ${role}`;
              }),
            )
          ).filter(Boolean) as string[]),
        );
        cells += ROLES.length;
      }
    }
    if ((await tables()) !== beforeUnknown) problems.push("an unknown event changed the database");
    expect(problems).toEqual([]);
    expect(cells).toBe((EVENTS.length + 2 * UNKNOWN_EVENTS.length) * ROLES.length);

    async function performEvent(
      entry: EventEntry,
      role: Role,
      { socket, userId }: { socket: TestClient; userId: string },
      ctx: CellContext,
    ): Promise<string | undefined> {
      const outcome = entry.expect[role];
      const cell = `${entry.event} as ${role}`;
      const args = entry.args?.(ctx) ?? [];
      if (entry.ack) {
        if (outcome.kind === "no-handler") {
          const answer = await emitWithAck(socket, entry.event, ...args).catch((error: Error) => error);
          if (answer instanceof Error) return `${cell}: no ack (${answer.message})`;
          if (JSON.stringify(answer) !== JSON.stringify(UNKNOWN_EVENT_ACK)) {
            return `${cell}: expected ${JSON.stringify(UNKNOWN_EVENT_ACK)}, got ${JSON.stringify(answer)}`;
          }
          return alive(cell, socket);
        }
        const answer = await emitWithAck(socket, entry.event, ...args).catch((error: Error) => error);
        if (answer instanceof Error) return `${cell}: no ack (${answer.message})`;
        if (outcome.kind === "allowed") {
          if (!answer.ok)
            return `${cell}: expected allowed, got ${answer.error.code} (${answer.error.message})`;
          const problem = entry.checkData?.(answer.data, ctx);
          return problem ? `${cell}: ${problem}` : undefined;
        }
        if (outcome.kind === "refused") {
          if (answer.ok) return `${cell}: UNEXPECTED SUCCESS, expected ${outcome.code}`;
          if (answer.error.code !== outcome.code) {
            return `${cell}: expected ${outcome.code}, got ${answer.error.code} (${answer.error.message})`;
          }
          if (outcome.message !== undefined && answer.error.message !== outcome.message) {
            return `${cell}: expected the message "${outcome.message}", got "${answer.error.message}"`;
          }
          return undefined;
        }
        return `${cell}: ${outcome.kind} is not an outcome of an event with an ack`;
      }

      // Without an ack: the effect shows acceptance.
      const mark = {
        typing: seen.typing.length,
        status: seen.status.length,
        dmTyping: seen.dmTyping.length,
        dmStatus: seen.dmStatus.length,
        online: onlineUsers.get(role) ?? 0,
      };
      const effectSeen = (): boolean => {
        switch (entry.effect) {
          case "online_users to the caller":
            return (onlineUsers.get(role) ?? 0) > mark.online;
          case "route recorded on the socket":
            return test.app.io.sockets.sockets.get(socket.id ?? "")?.data.route === args[0];
          case "group_typing to the group":
            return seen.typing.slice(mark.typing).includes(userId);
          case "status in the group's people list":
            return seen.status.slice(mark.status).includes(userId);
          case "direct_message_typing to the receiver":
            return seen.dmTyping.slice(mark.dmTyping).includes(userId);
          case "direct_message_status to the sender":
            return seen.dmStatus.slice(mark.dmStatus).includes([userId, victim.id].sort().join("-"));
          default:
            return false;
        }
      };
      (socket.emit as (event: string, ...rest: unknown[]) => void)(entry.event, ...args);
      if (outcome.kind === "allowed") {
        if (entry.effect === "partner_typing to the partner" || entry.effect === "none" || !entry.effect) {
          return `${cell}: the matrix says allowed, but "${entry.effect}" cannot be observed here`;
        }
        for (let waited = 0; waited < 3_000 && !effectSeen(); waited += 20) await delay(20);
        return effectSeen() ? undefined : `${cell}: expected "${entry.effect}", never seen`;
      }
      if (outcome.kind === "dropped" || outcome.kind === "no-handler") {
        // A ping after the emit is answered after the event was handled (one socket, in order).
        const problem = await alive(cell, socket);
        await delay(300);
        if (effectSeen()) return `${cell}: UNEXPECTED EFFECT "${entry.effect}", expected ${outcome.kind}`;
        return problem;
      }
      return `${cell}: ${outcome.kind} is not an outcome of an event without an ack`;
    }

    async function alive(cell: string, socket: TestClient): Promise<string | undefined> {
      const pong = await emitWithAck(socket, "ping").catch(() => undefined);
      return pong?.ok && socket.connected ? undefined : `${cell}: the socket stopped answering`;
    }
  }, 120_000);

  // ── what the server pushes: the admins' banned list ────────────────────────────────────────────
  it("pushes the admins' banned list only to current admins: not to a forged handshake, not after a revoke", async () => {
    const demoted = await createRegistered(test.app, nextName("exadm"), { isAdmin: true });
    const member = callers.get("registered")?.person;
    if (!member) throw new Error("no registered caller");
    const adminSocket = await test.connect(asPerson(admin));
    const demotedSocket = await test.connect(asPerson(demoted));
    const forgedSocket = await test.connect(asPerson(member, { auth: { isAdmin: true, userId: admin.id } }));
    for (const socket of [adminSocket, demotedSocket, forgedSocket]) {
      expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    }
    const pushes = { admin: 0, demoted: 0, forged: 0 };
    adminSocket.on("banned_users_updated", () => pushes.admin++);
    demotedSocket.on("banned_users_updated", () => pushes.demoted++);
    forgedSocket.on("banned_users_updated", () => pushes.forged++);

    // The admin API revokes the role while the demoted admin's socket stays connected.
    const revoked = new Promise<boolean>((resolve) =>
      demotedSocket.once("adminStatusChanged", (payload) => resolve(payload.isAdmin)),
    );
    const revoke = await requestAs(test.app, admin, "POST", "/api/auth/admin/set-role", {
      userId: demoted.id,
      role: "user",
    });
    expect(revoke.statusCode).toBe(200);
    expect(await revoked).toBe(false);

    const target = await guestTarget();
    const ban = await requestAs(test.app, admin, "POST", "/api/admin/bans", { username: target.username });
    expect(ban.statusCode).toBe(200);
    while (pushes.admin === 0) await delay(20);
    await delay(200);
    expect(pushes).toEqual({ admin: 1, demoted: 0, forged: 0 });
    // And the revoked admin can no longer act as one.
    const unban = await emitWithAck(demotedSocket, "force_unban_user", {
      username: target.username,
      userId: target.id,
    });
    expect(unban).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });
});
