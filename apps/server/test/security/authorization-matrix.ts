import { randomUUID } from "node:crypto";
import {
  API_ERROR_MESSAGES,
  type ApiErrorCode,
  AUTOMOD_MESSAGES,
  AUTOMOD_PATHS,
  BLOCK_ERROR_MESSAGES,
  type ClientEventName,
  CONFESSION_ERROR_MESSAGES,
  CONFESSION_PATHS,
  DM_ERROR_MESSAGES,
  DM_IMAGE_MESSAGES,
  FRIEND_ERROR_MESSAGES,
  GROUP_ERROR_MESSAGES,
  NOTIFICATION_PATHS,
  NOTIFICATION_TEXTS,
} from "@heartline/shared";
import { encodeConversationCursor } from "../../src/features/direct-messages/conversation-cursor";

/**
 * THE authorization matrix: who may call every HTTP route the app registers and emit every
 * client→server event of the contract (`CLIENT_EVENT_NAMES`). `authorization-matrix.test.ts` collects
 * the routes from the running app and the events from the contract, fails for any route or event
 * without an entry here (and for an entry whose route or event is gone), then performs every
 * route × role and event × role with a valid-shaped payload and asserts the outcome declared here.
 *
 * Adding a route: one `RouteEntry` in `ROUTES` (method and path exactly as Fastify registers them,
 * e.g. `/api/things/:id`), an `expect` per role (`signedIn()`, `groupMember()`, `adminOnly`,
 * `everyone(allowed)`, or `outcomes(default, overrides)`) and a `request(ctx)` that builds a VALID
 * body (from the shared zod schema), so a refusal can only be the authorization rule.
 * Adding an event: one `EventEntry` in `EVENTS` with `args(ctx)` and, for an event without an
 * acknowledgement, the `effect` that shows it was accepted.
 */

export const ROLES = [
  /** No account: no session cookie (a socket gets a server-issued visitor id). */
  "visitor",
  /** Anonymous Better Auth user with a username. */
  "guest",
  /** Registered, e-mail not verified yet. */
  "unverified",
  /** Registered and verified. */
  "registered",
  /** Verified, muted by an admin. */
  "muted",
  /** Verified, banned by an admin (by username, and by browser). */
  "banned",
  /** A new guest in the browser of a banned user (SECURITY.md: a ban also covers new guests from it). */
  "bannedBrowser",
  /** Verified, role `admin` in the database. */
  "admin",
  /** A verified non-admin claiming admin: `x-is-admin`/`x-user-id` headers, `auth: { isAdmin }` at the handshake. */
  "forgedAdmin",
  /** A verified non-admin acting on someone else's resource (their message id, their profile). */
  "otherUsersResource",
] as const;
export type Role = (typeof ROLES)[number];

const isBannedRole = (role: Role) => role === "banned" || role === "bannedBrowser";

export type Outcome =
  /** 2xx, or an ack `{ ok: true }`, or (no ack) the event's `effect` is seen. */
  | { kind: "allowed" }
  /** The exact error code (HTTP status from `API_ERROR_STATUS`), or an ack `{ ok: false, error: { code } }`. */
  | { kind: "refused"; code: ApiErrorCode; message?: string }
  /** An event without an ack that is ignored: its effect is never seen, the socket stays connected. */
  | { kind: "dropped" }
  /**
   * Nobody on the server listens to this event (issue #33): with an ack it is answered `bad_request`
   * "There is no such event." (`UNKNOWN_EVENT_ACK`), without one nothing happens; the socket stays connected.
   */
  | { kind: "no-handler" };

export const allowed: Outcome = { kind: "allowed" };
export const dropped: Outcome = { kind: "dropped" };
export const noHandler: Outcome = { kind: "no-handler" };
/** Refused with this code (and, when given, exactly this message). */
export const refused = (code: ApiErrorCode, message?: string): Outcome =>
  message === undefined ? { kind: "refused", code } : { kind: "refused", code, message };

export type RoleOutcomes = Record<Role, Outcome>;

/** `fallback` for every role, except the overrides. */
export function outcomes(fallback: Outcome, overrides: Partial<RoleOutcomes> = {}): RoleOutcomes {
  return Object.fromEntries(ROLES.map((role) => [role, overrides[role] ?? fallback])) as RoleOutcomes;
}
const AGE_CONFIRMATION_REFUSED = refused(
  "age_confirmation_required",
  API_ERROR_MESSAGES.age_confirmation_required,
);
export const everyone = (outcome: Outcome): RoleOutcomes => outcomes(outcome);
/** Any session (guest or registered, verified or not, muted or banned); a visitor is `unauthorized`. */
export const signedIn = (overrides: Partial<RoleOutcomes> = {}): RoleOutcomes =>
  outcomes(allowed, { visitor: refused("unauthorized"), ...overrides });
/** The group's rule (spec §2, §5): guests and verified users, never visitors, the unverified or the banned. */
export const groupMember = (overrides: Partial<RoleOutcomes> = {}): RoleOutcomes =>
  signedIn({
    unverified: refused("forbidden"),
    banned: refused("forbidden"),
    bannedBrowser: refused("forbidden"),
    ...overrides,
  });
/**
 * Friends and blocks (ARCHITECTURE §6): a registered user with a verified e-mail; guests (a banned
 * browser's new guest too) and the unverified are `forbidden` with the feature's text.
 */
export const registeredOnly = (message: string, overrides: Partial<RoleOutcomes> = {}): RoleOutcomes =>
  signedIn({
    visitor: refused("unauthorized", API_ERROR_MESSAGES.unauthorized),
    guest: refused("forbidden", message),
    bannedBrowser: refused("forbidden", message),
    unverified: refused("forbidden", message),
    ...overrides,
  });
/**
 * Direct messages over the socket: registered, verified users (spec §1). Everyone else is refused with
 * `DM_ERROR_MESSAGES.registeredOnly` (a socket has no 401: a visitor is forbidden like a guest).
 */
export const dmSender = (overrides: Partial<RoleOutcomes> = {}): RoleOutcomes =>
  outcomes(allowed, {
    visitor: refused("forbidden", DM_ERROR_MESSAGES.registeredOnly),
    guest: refused("forbidden", DM_ERROR_MESSAGES.registeredOnly),
    bannedBrowser: refused("forbidden", DM_ERROR_MESSAGES.registeredOnly),
    unverified: refused("forbidden", DM_ERROR_MESSAGES.registeredOnly),
    ...overrides,
  });
/** A friend request id nobody has: every registered user is told it does not exist. */
const nobodysRequest = registeredOnly(FRIEND_ERROR_MESSAGES.registeredOnly, {
  registered: refused("not_found", FRIEND_ERROR_MESSAGES.requestNotFound),
  muted: refused("not_found", FRIEND_ERROR_MESSAGES.requestNotFound),
  banned: refused("not_found", FRIEND_ERROR_MESSAGES.requestNotFound),
  admin: refused("not_found", FRIEND_ERROR_MESSAGES.requestNotFound),
  forgedAdmin: refused("not_found", FRIEND_ERROR_MESSAGES.requestNotFound),
  otherUsersResource: refused("not_found", FRIEND_ERROR_MESSAGES.requestNotFound),
});
/** ARCHITECTURE §9.4: the role read from the database; everyone else (visitors too) is `forbidden`. */
export const adminOnly: RoleOutcomes = outcomes(refused("forbidden", GROUP_ERROR_MESSAGES.adminOnly), {
  admin: allowed,
});

export interface Person {
  id: string;
  username: string;
}

/** What a request or emit may point at; made once by the test's setup. */
export interface CellContext {
  role: Role;
  /** The caller's account; null for the visitor. */
  self: Person | null;
  /** A verified user whose resources `otherUsersResource` (and the admin routes) act on. */
  victim: Person;
  /** A group message of the victim's. */
  victimMessageId: string;
  /** A direct message of the victim's (to the admin). */
  victimDirectMessageId: string;
  /** A confession of the victim's, and a comment of theirs on it. */
  victimConfessionId: string;
  victimCommentId: string;
  /** An image the victim sent the setup's admin (not the `admin` role's caller, who is another admin). */
  victimDmImageUrl: string;
  /** One target per admin action, so the admin's successful cell changes nobody the other cells need. */
  targets: {
    toBan: Person;
    toUnban: Person;
    toUnbanBySocket: Person;
    toUnbanById: Person;
    toMute: Person;
    toUnmute: Person;
    reportToDismiss: string;
    reportToAction: string;
    messageToDelete: string;
    /** The victim's confession and comment the admin removes (the others above stay). */
    confessionToRemove: string;
    commentToRemove: { confessionId: string; commentId: string };
  };
  /** A small PNG for the upload routes. */
  image: Buffer;
}

export interface HttpRequest {
  url: string;
  /** A JSON body. */
  payload?: object;
  /** One multipart file in the field `file`. */
  file?: Buffer;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteEntry {
  method: HttpMethod;
  /** The path exactly as registered (`printRoutes`), e.g. `/api/admin/bans/:username`, `/uploads/*`. */
  path: string;
  /** Per role; or `public`: anyone may call it and another suite owns its rule (`why` names it). */
  expect: RoleOutcomes | { public: string };
  /** A valid-shaped request (defaults to the path itself, no body). */
  request?: (ctx: CellContext) => HttpRequest;
  /** The call ends the caller's session or account: each role gets a fresh account of that role. */
  freshCaller?: boolean;
  /** An extra check of an allowed answer; returns what is wrong, or undefined. */
  checkBody?: (body: unknown, ctx: CellContext) => string | undefined;
  /** Registered only in some configurations (names which): the test app may lack it without failing. */
  registeredOnlyWhen?: string;
}

/** Fields of an account nobody else may read (spec §6). */
const PRIVATE_FIELDS = ["email", "dob", "emailVerified", "conversionAttempts", "deviceIds"];

/** The wall's answers never carry an author's id (issue #13): the victim is every cell's author. */
const noAuthor = (body: unknown, ctx: CellContext): string | undefined =>
  JSON.stringify(body).includes(ctx.victim.id) ? "the author's id is in the answer" : undefined;
/** The victim's own post or comment: everyone past the wall's guard is told it is not theirs. */
const notTheirs = groupMember({
  guest: refused("forbidden", CONFESSION_ERROR_MESSAGES.notYours),
  registered: refused("forbidden", CONFESSION_ERROR_MESSAGES.notYours),
  muted: refused("forbidden", CONFESSION_ERROR_MESSAGES.notYours),
  admin: refused("forbidden", CONFESSION_ERROR_MESSAGES.notYours),
  forgedAdmin: refused("forbidden", CONFESSION_ERROR_MESSAGES.notYours),
  otherUsersResource: refused("forbidden", CONFESSION_ERROR_MESSAGES.notYours),
});

export const ROUTES: RouteEntry[] = [
  // ── public, owned by other suites ───────────────────────────────────────────────────────────────
  {
    method: "GET",
    path: "/api/auth/*",
    expect: { public: "allow-list: test/accounts/auth-surface.test.ts" },
  },
  {
    method: "POST",
    path: "/api/auth/*",
    expect: { public: "allow-list: test/accounts/auth-surface.test.ts" },
  },
  {
    method: "GET",
    path: "/*",
    expect: { public: "the built web app and its SPA fallback: test/static-web.test.ts" },
    registeredOnlyWhen: "WEB_DIST_DIR holds a build (@fastify/static, wildcard)",
  },
  {
    method: "GET",
    path: "/uploads/*",
    expect: { public: "read-only uploads: test/profiles/storage.test.ts" },
  },
  { method: "GET", path: "/dev/outbox", expect: { public: "loopback only: test/accounts (dev outbox)" } },
  {
    method: "GET",
    path: "/dev/outbox/latest.json",
    expect: { public: "loopback only: test/accounts (dev outbox)" },
  },
  {
    method: "POST",
    path: "/api/accounts/guest",
    expect: { public: "pre-session, human check and limits: test/accounts/sign-up.test.ts" },
  },
  {
    method: "POST",
    path: "/api/accounts/sign-in",
    expect: { public: "pre-session, human check and limits: test/accounts/auth.test.ts" },
  },
  {
    method: "POST",
    path: "/api/accounts/sign-up",
    expect: { public: "pre-session (a guest upgrades), human check: test/accounts/sign-up.test.ts" },
  },
  {
    method: "POST",
    path: "/api/accounts/reset-password",
    expect: { public: "the e-mailed token is the credential: test/accounts/passwords.test.ts" },
  },
  {
    method: "GET",
    path: "/api/accounts/verify-email",
    expect: { public: "the e-mailed token is the credential: test/accounts/address-proof.test.ts" },
  },
  {
    method: "POST",
    path: "/api/verify-recaptcha",
    expect: { public: "the human check itself: test/accounts/human-check.test.ts" },
  },

  // ── open to everyone, exercised ─────────────────────────────────────────────────────────────────
  { method: "GET", path: "/api/health", expect: everyone(allowed) },
  { method: "GET", path: "/api/openapi.json", expect: everyone(allowed) },
  { method: "GET", path: "/api/online-count", expect: everyone(allowed) },
  { method: "GET", path: "/api/captcha/config", expect: everyone(allowed) },
  { method: "GET", path: "/api/captcha/challenge", expect: everyone(allowed) },
  {
    method: "POST",
    path: "/api/analytics/page-view",
    expect: everyone(allowed),
    request: () => ({ url: "/api/analytics/page-view", payload: { path: "/group-chat" } }),
  },
  {
    method: "GET",
    path: "/api/accounts/me",
    expect: everyone(allowed),
    checkBody: (body, ctx) => {
      const user = (body as { user: { id: string } | null }).user;
      const expected = ctx.self?.id ?? null;
      return (user?.id ?? null) === expected ? undefined : `me is ${user?.id} instead of ${expected}`;
    },
  },
  {
    method: "GET",
    path: "/api/users/check-username",
    expect: everyone(allowed),
    request: () => ({ url: "/api/users/check-username?username=Someone_Free" }),
  },
  {
    method: "POST",
    path: "/api/accounts/forgot-password",
    expect: everyone(allowed),
    request: (ctx) => ({
      url: "/api/accounts/forgot-password",
      payload: { email: `${ctx.victim.username}@example.com` },
    }),
  },
  {
    method: "POST",
    path: "/api/accounts/sign-out",
    expect: everyone(allowed),
    freshCaller: true,
  },

  // ── any session ─────────────────────────────────────────────────────────────────────────────────
  {
    method: "POST",
    path: "/api/accounts/sign-out-everywhere",
    expect: signedIn(),
    freshCaller: true,
  },
  {
    method: "POST",
    path: "/api/accounts/resend-verification",
    // Only an unverified e-mail can be verified: a guest has none, a verified user is done.
    expect: signedIn({
      guest: refused("bad_request"),
      bannedBrowser: refused("bad_request"),
      registered: refused("conflict"),
      muted: refused("conflict"),
      banned: refused("conflict"),
      admin: refused("conflict"),
      forgedAdmin: refused("conflict"),
      otherUsersResource: refused("conflict"),
    }),
  },
  {
    method: "POST",
    path: "/api/accounts/change-password",
    // A guest has no password to change.
    expect: signedIn({ guest: refused("bad_request"), bannedBrowser: refused("bad_request") }),
    freshCaller: true,
    request: () => ({
      url: "/api/accounts/change-password",
      payload: { currentPassword: "secret-pass-123", newPassword: "another-pass-456" },
    }),
  },
  {
    method: "GET",
    path: "/api/moderation/me",
    expect: signedIn(),
    checkBody: (body, ctx) => {
      const me = body as { banned: boolean; isAdmin: boolean; mute: unknown };
      if (me.banned !== isBannedRole(ctx.role)) return `banned: ${me.banned}`;
      if (me.isAdmin !== (ctx.role === "admin")) return `isAdmin: ${me.isAdmin}`;
      if ((me.mute !== null) !== (ctx.role === "muted")) return `mute: ${JSON.stringify(me.mute)}`;
      return undefined;
    },
  },
  {
    method: "POST",
    path: "/api/reports",
    expect: signedIn(),
    request: (ctx) => ({
      url: "/api/reports",
      payload: { targetUserId: ctx.victim.id, messageId: ctx.victimMessageId, reason: "spam" },
    }),
  },
  {
    method: "GET",
    path: "/api/users/:id",
    // A public profile: someone else's is readable, never its private fields.
    expect: signedIn(),
    request: (ctx) => ({
      url: `/api/users/${ctx.role === "otherUsersResource" || !ctx.self ? ctx.victim.id : ctx.self.id}`,
    }),
    checkBody: (body) => {
      const leaked = PRIVATE_FIELDS.filter((field) => field in (body as object));
      return leaked.length > 0 ? `private fields in a public profile: ${leaked.join(", ")}` : undefined;
    },
  },
  {
    method: "PATCH",
    path: "/api/users/me",
    expect: signedIn(),
    request: () => ({ url: "/api/users/me", payload: { bio: "written by the matrix" } }),
  },
  {
    method: "DELETE",
    path: "/api/users/me",
    expect: signedIn(),
    freshCaller: true,
  },
  {
    method: "POST",
    path: "/api/users/me/avatar",
    expect: signedIn(),
    request: (ctx) => ({ url: "/api/users/me/avatar", file: ctx.image }),
  },
  {
    method: "POST",
    path: "/api/users/me/banner",
    expect: signedIn(),
    request: (ctx) => ({ url: "/api/users/me/banner", file: ctx.image }),
  },

  // friends and blocks
  // Registered, verified users only; bans and mutes are the group's. The request-id routes are called
  // with an id nobody has: who may act on a real request is test/friends/friend-requests.test.ts.
  { method: "GET", path: "/api/friends", expect: registeredOnly(FRIEND_ERROR_MESSAGES.registeredOnly) },
  {
    method: "DELETE",
    path: "/api/friends/:userId",
    expect: registeredOnly(FRIEND_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => ({ url: `/api/friends/${ctx.victim.id}` }),
    checkBody: (body) =>
      (body as { removed: boolean }).removed ? "a friendship nobody had was removed" : undefined,
  },
  {
    method: "GET",
    path: "/api/friend-requests",
    expect: registeredOnly(FRIEND_ERROR_MESSAGES.registeredOnly),
  },
  {
    method: "POST",
    path: "/api/friend-requests",
    expect: registeredOnly(FRIEND_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => ({ url: "/api/friend-requests", payload: { userId: ctx.victim.id } }),
    checkBody: (body) => ((body as { status: string }).status === "pending" ? undefined : "not pending"),
  },
  ...(["accept", "decline"] as const).map(
    (answer): RouteEntry => ({
      method: "POST",
      path: `/api/friend-requests/:id/${answer}`,
      expect: nobodysRequest,
      request: () => ({ url: `/api/friend-requests/${randomUUID()}/${answer}` }),
    }),
  ),
  {
    method: "DELETE",
    path: "/api/friend-requests/:id",
    expect: nobodysRequest,
    request: () => ({ url: `/api/friend-requests/${randomUUID()}` }),
  },
  { method: "GET", path: "/api/blocks", expect: registeredOnly(BLOCK_ERROR_MESSAGES.registeredOnly) },
  {
    // Unblocked again by the next entry, so the victim is nobody's blocked user afterwards.
    method: "POST",
    path: "/api/blocks",
    expect: registeredOnly(BLOCK_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => ({ url: "/api/blocks", payload: { userId: ctx.victim.id } }),
  },
  {
    method: "DELETE",
    path: "/api/blocks/:userId",
    expect: registeredOnly(BLOCK_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => ({ url: `/api/blocks/${ctx.victim.id}` }),
  },
  // notifications (issue #40): the caller's own inbox, settings, subscription and mutes, registered only
  ...(
    [
      ["GET", NOTIFICATION_PATHS.inbox],
      ["GET", NOTIFICATION_PATHS.settings],
      ["GET", NOTIFICATION_PATHS.vapidKey],
      ["DELETE", NOTIFICATION_PATHS.subscription],
    ] as const
  ).map(
    ([method, path]): RouteEntry => ({
      method,
      path,
      expect: registeredOnly(NOTIFICATION_TEXTS.registeredOnly),
    }),
  ),
  {
    method: "POST",
    path: NOTIFICATION_PATHS.read,
    expect: registeredOnly(NOTIFICATION_TEXTS.registeredOnly),
    request: () => ({ url: NOTIFICATION_PATHS.read, payload: { all: true } }),
  },
  {
    method: "PUT",
    path: NOTIFICATION_PATHS.settings,
    expect: registeredOnly(NOTIFICATION_TEXTS.registeredOnly),
    request: () => ({ url: NOTIFICATION_PATHS.settings, payload: { previews: false } }),
  },
  {
    method: "POST",
    path: NOTIFICATION_PATHS.turnOff,
    expect: registeredOnly(NOTIFICATION_TEXTS.registeredOnly),
    request: () => ({ url: NOTIFICATION_PATHS.turnOff, payload: { category: "streaks" } }),
  },
  {
    // Removed again by the DELETE entry above (this device's subscription).
    method: "PUT",
    path: NOTIFICATION_PATHS.subscription,
    expect: registeredOnly(NOTIFICATION_TEXTS.registeredOnly),
    request: () => ({
      url: NOTIFICATION_PATHS.subscription,
      payload: {
        endpoint: "https://push.example.com/send/authorization-matrix",
        keys: {
          p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
          auth: "tBHItJI5svbpez7KI4CCXg",
        },
      },
    }),
  },
  ...(["GET", "PUT", "DELETE"] as const).map(
    (method): RouteEntry => ({
      method,
      path: "/api/notifications/mutes/:userId",
      expect: registeredOnly(NOTIFICATION_TEXTS.registeredOnly),
      request: (ctx) => ({ url: NOTIFICATION_PATHS.mute(ctx.victim.id) }),
    }),
  ),
  // streaks: the caller's own streaks (registered, verified users only); the leaderboard is public
  { method: "GET", path: "/api/streaks", expect: registeredOnly(DM_ERROR_MESSAGES.registeredOnly) },
  {
    method: "GET",
    path: "/api/streaks/:friendId",
    expect: registeredOnly(DM_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => ({ url: `/api/streaks/${ctx.victim.id}` }),
  },
  { method: "GET", path: "/api/leaderboard", expect: everyone(allowed) },
  // direct messages: the victim is the partner (registered, verified users only; see test/direct-messages)
  {
    // A page after a cursor made from the victim's conversation with the admin (ADR 0010): a cursor is a
    // position, so the caller still reads only their own conversations.
    method: "GET",
    path: "/api/conversations",
    expect: registeredOnly(DM_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => {
      const cursor = encodeConversationCursor({
        lastMessageAtMs: Date.now() + 86_400_000,
        conversationId: [ctx.victim.id, ctx.self?.id ?? ctx.victim.id].sort().join("-"),
      });
      return { url: `/api/conversations?limit=50&before=${cursor}` };
    },
    checkBody: (body, ctx) => {
      const { conversations } = body as { conversations: { conversationId: string }[] };
      return conversations.every((row) => row.conversationId.split("-").includes(ctx.self?.id ?? ""))
        ? undefined
        : "a conversation of someone else's is in the page";
    },
  },
  ...(["", "/messages"] as const).map(
    (tail): RouteEntry => ({
      method: "GET",
      path: `/api/conversations/:partnerId${tail}`,
      expect: registeredOnly(DM_ERROR_MESSAGES.registeredOnly),
      request: (ctx) => ({ url: `/api/conversations/${ctx.victim.id}${tail}` }),
    }),
  ),
  ...(["read", "hide", "unhide"] as const).map(
    (action): RouteEntry => ({
      method: "POST",
      path: `/api/conversations/:partnerId/${action}`,
      expect: registeredOnly(DM_ERROR_MESSAGES.registeredOnly),
      request: (ctx) => ({ url: `/api/conversations/${ctx.victim.id}/${action}` }),
    }),
  ),
  {
    method: "POST",
    path: "/api/dm/images",
    expect: registeredOnly(DM_ERROR_MESSAGES.registeredOnly),
    request: (ctx) => ({ url: "/api/dm/images", file: ctx.image }),
  },
  {
    // Issue #33: the pair's only; every caller here is outside it and is told it does not exist.
    // The pair's own access: test/direct-messages/dm-images.test.ts.
    method: "GET",
    path: "/uploads/users/:ownerId/dm/:file",
    expect: everyone(refused("not_found", DM_IMAGE_MESSAGES.notFound)),
    request: (ctx) => ({ url: ctx.victimDmImageUrl }),
  },

  // ── group members ───────────────────────────────────────────────────────────────────────────────
  { method: "GET", path: "/api/group/messages", expect: groupMember() },
  {
    method: "POST",
    path: "/api/group/images",
    // Images are for registered users only (spec §1, §6); a mute stops every post.
    expect: groupMember({ guest: refused("forbidden"), muted: refused("forbidden") }),
    request: (ctx) => ({ url: "/api/group/images", file: ctx.image }),
  },
  {
    method: "DELETE",
    path: "/api/group/messages/:id",
    // An author deletes their own message; anyone else's id (the victim's, for every role, admins
    // included: they use the admin route) deletes nothing.
    expect: signedIn(),
    request: (ctx) => ({ url: `/api/group/messages/${ctx.victimMessageId}` }),
    checkBody: (body) =>
      (body as { deleted: boolean }).deleted === false ? undefined : "someone else's message was deleted",
  },

  // ── admins ──────────────────────────────────────────────────────────────────────────────────────
  { method: "GET", path: "/api/admin/bans", expect: adminOnly },
  {
    method: "POST",
    path: "/api/admin/bans",
    expect: adminOnly,
    request: (ctx) => ({
      url: "/api/admin/bans",
      payload: { username: ctx.targets.toBan.username, reason: "x" },
    }),
  },
  {
    method: "DELETE",
    path: "/api/admin/bans/:username",
    expect: adminOnly,
    request: (ctx) => ({ url: `/api/admin/bans/${ctx.targets.toUnban.username}` }),
  },
  {
    method: "DELETE",
    path: "/api/admin/bans/by-id/:userId",
    expect: adminOnly,
    request: (ctx) => ({ url: `/api/admin/bans/by-id/${ctx.targets.toUnbanById.id}` }),
  },
  { method: "GET", path: "/api/admin/mutes", expect: adminOnly },
  {
    method: "POST",
    path: "/api/admin/mutes",
    expect: adminOnly,
    request: (ctx) => ({ url: "/api/admin/mutes", payload: { username: ctx.targets.toMute.username } }),
  },
  {
    method: "DELETE",
    path: "/api/admin/mutes/:userId",
    expect: adminOnly,
    request: (ctx) => ({ url: `/api/admin/mutes/${ctx.targets.toUnmute.id}` }),
  },
  {
    method: "GET",
    path: "/api/admin/reports",
    expect: adminOnly,
    request: () => ({ url: "/api/admin/reports?status=open" }),
  },
  {
    method: "GET",
    path: "/api/admin/reports/targets",
    expect: adminOnly,
    request: () => ({ url: "/api/admin/reports/targets?status=open" }),
  },
  {
    method: "POST",
    path: "/api/admin/reports/:id/dismiss",
    expect: adminOnly,
    request: (ctx) => ({ url: `/api/admin/reports/${ctx.targets.reportToDismiss}/dismiss` }),
  },
  {
    method: "POST",
    path: "/api/admin/reports/:id/action",
    expect: adminOnly,
    request: (ctx) => ({
      url: `/api/admin/reports/${ctx.targets.reportToAction}/action`,
      payload: { action: "delete-message" },
    }),
  },
  {
    method: "DELETE",
    path: "/api/admin/group/messages/:id",
    expect: adminOnly,
    request: (ctx) => ({ url: `/api/admin/group/messages/${ctx.targets.messageToDelete}` }),
  },

  // ── AutoMod (issue #15): the rules are the admins'; a review names the caller's own blocked message ──
  { method: "GET", path: "/api/admin/automod/rules", expect: adminOnly },
  {
    method: "POST",
    path: "/api/admin/automod/rules",
    expect: adminOnly,
    request: (ctx) => ({
      url: AUTOMOD_PATHS.adminRules,
      payload: { name: `matrix ${ctx.role}`, phrase: "matrixword", surfaces: ["dm"], action: "flag" },
    }),
  },
  {
    method: "DELETE",
    path: "/api/admin/automod/rules/:id",
    expect: adminOnly,
    request: () => ({ url: AUTOMOD_PATHS.adminRule(randomUUID()) }),
  },
  {
    method: "POST",
    path: "/api/admin/automod/flags/:id/allow-image",
    // An admin is told a fresh id is no image flag; everyone else is refused before it is read.
    expect: outcomes(refused("forbidden", GROUP_ERROR_MESSAGES.adminOnly), {
      admin: refused("not_found", AUTOMOD_MESSAGES.imageFlagNotFound),
    }),
    request: () => ({ url: AUTOMOD_PATHS.adminAllowImage(randomUUID()) }),
  },
  {
    method: "POST",
    path: "/api/automod/reviews",
    // Nobody has a blocked message under a fresh id: every session is told so, a visitor needs one.
    // (No message here: a malformed body is a 400 for a session; automod.test.ts asserts the text.)
    expect: outcomes(refused("not_found"), {
      visitor: refused("unauthorized"),
    }),
    request: () => ({ url: AUTOMOD_PATHS.reviews, payload: { messageId: randomUUID() } }),
  },

  // ── the confession wall (issue #13): the group chat guard; a mute stops posts, comments, reactions ──
  { method: "GET", path: "/api/confessions", expect: groupMember(), checkBody: noAuthor },
  {
    method: "POST",
    path: "/api/confessions",
    // `otherUsersResource` posts with the id of the victim's confession: a conflict, never their row.
    expect: groupMember({ muted: refused("forbidden"), otherUsersResource: refused("conflict") }),
    request: (ctx) => ({
      url: CONFESSION_PATHS.confessions,
      payload: {
        id: ctx.role === "otherUsersResource" ? ctx.victimConfessionId : randomUUID(),
        content: `a confession from ${ctx.role}`,
      },
    }),
    checkBody: noAuthor,
  },
  {
    method: "GET",
    path: "/api/confessions/:id",
    expect: groupMember(),
    request: (ctx) => ({ url: CONFESSION_PATHS.confession(ctx.victimConfessionId) }),
    checkBody: noAuthor,
  },
  {
    method: "DELETE",
    path: "/api/confessions/:id",
    // Only the author deletes; admins use the admin route.
    expect: notTheirs,
    request: (ctx) => ({ url: CONFESSION_PATHS.confession(ctx.victimConfessionId) }),
  },
  {
    method: "GET",
    path: "/api/confessions/:id/comments",
    expect: groupMember(),
    request: (ctx) => ({ url: CONFESSION_PATHS.comments(ctx.victimConfessionId) }),
    checkBody: noAuthor,
  },
  {
    method: "POST",
    path: "/api/confessions/:id/comments",
    expect: groupMember({ muted: refused("forbidden") }),
    request: (ctx) => ({
      url: CONFESSION_PATHS.comments(ctx.victimConfessionId),
      payload: { id: randomUUID(), content: `a comment from ${ctx.role}` },
    }),
    checkBody: noAuthor,
  },
  {
    method: "DELETE",
    path: "/api/confessions/:id/comments/:commentId",
    expect: notTheirs,
    request: (ctx) => ({ url: CONFESSION_PATHS.comment(ctx.victimConfessionId, ctx.victimCommentId) }),
  },
  {
    method: "PUT",
    path: "/api/confessions/:id/reaction",
    expect: groupMember({ muted: refused("forbidden") }),
    request: (ctx) => ({ url: CONFESSION_PATHS.reaction(ctx.victimConfessionId), payload: { emoji: "🔥" } }),
    checkBody: noAuthor,
  },
  {
    method: "DELETE",
    path: "/api/confessions/:id/reaction",
    expect: groupMember({ muted: refused("forbidden") }),
    request: (ctx) => ({ url: CONFESSION_PATHS.reaction(ctx.victimConfessionId) }),
  },
  {
    method: "POST",
    path: "/api/confessions/:id/report",
    expect: groupMember(),
    request: (ctx) => ({ url: CONFESSION_PATHS.report(ctx.victimConfessionId), payload: { reason: "spam" } }),
    checkBody: noAuthor,
  },
  {
    method: "POST",
    path: "/api/confessions/:id/comments/:commentId/report",
    expect: groupMember(),
    request: (ctx) => ({
      url: CONFESSION_PATHS.commentReport(ctx.victimConfessionId, ctx.victimCommentId),
      payload: { reason: "spam" },
    }),
  },
  {
    method: "DELETE",
    path: "/api/admin/confessions/:id",
    expect: adminOnly,
    request: (ctx) => ({ url: CONFESSION_PATHS.adminConfession(ctx.targets.confessionToRemove) }),
  },
  {
    method: "DELETE",
    path: "/api/admin/confessions/:id/comments/:commentId",
    expect: adminOnly,
    request: (ctx) => ({
      url: CONFESSION_PATHS.adminComment(
        ctx.targets.commentToRemove.confessionId,
        ctx.targets.commentToRemove.commentId,
      ),
    }),
  },
  {
    method: "GET",
    path: "/api/admin/confessions/:id/author",
    expect: adminOnly,
    request: (ctx) => ({ url: CONFESSION_PATHS.adminConfessionAuthor(ctx.victimConfessionId) }),
    checkBody: (body, ctx) =>
      (body as { userId?: string }).userId === ctx.victim.id ? undefined : "not the author's id",
  },
  {
    method: "GET",
    path: "/api/admin/confessions/:id/comments/:commentId/author",
    expect: adminOnly,
    request: (ctx) => ({
      url: CONFESSION_PATHS.adminCommentAuthor(ctx.victimConfessionId, ctx.victimCommentId),
    }),
  },
];

/** For an event without an ack: what shows that the server accepted it. */
export type EventEffect =
  /** The caller gets `online_users`. */
  | "online_users to the caller"
  /** The server's socket carries the reported route (`socket.data.route`). */
  | "route recorded on the socket"
  /** A group member (the observer) gets the caller's changed entry in its people page (`group_people`). */
  | "status in the group's people list"
  /** A group member (the observer) gets `group_typing` from the caller. */
  | "group_typing to the group"
  /** The random-chat partner gets `partner_typing` (nobody is paired here: always dropped). */
  | "partner_typing to the partner"
  /** The receiver (the victim, the observer) gets `direct_message_typing` from the caller. */
  | "direct_message_typing to the receiver"
  /** The victim, who wrote to every caller, gets `direct_message_status` (delivered) for the caller's conversation. */
  | "direct_message_status to the sender"
  /** No handler exists: nothing to observe. */
  | "none";

export interface EventEntry {
  event: ClientEventName;
  expect: RoleOutcomes;
  /** The payload arguments before the ack (valid for the event's zod schema). */
  args?: (ctx: CellContext) => unknown[];
  /** False for events the contract declares without an acknowledgement. */
  ack: boolean;
  /** For `ack: false`: how an accepted emit shows. */
  effect?: EventEffect;
  /** An extra check of an allowed ack's data; returns what is wrong, or undefined. */
  checkData?: (data: unknown, ctx: CellContext) => string | undefined;
}

/** Group members who are in the room (joined above) and so reach it. */
const inGroupRoom = (overrides: Partial<RoleOutcomes> = {}): RoleOutcomes =>
  outcomes(allowed, {
    visitor: dropped,
    unverified: dropped,
    banned: dropped,
    bannedBrowser: dropped,
    ...overrides,
  });

/** Emitted in this order by every role's socket (join_group before the group events, leave last). */
export const EVENTS: EventEntry[] = [
  { event: "ping", ack: true, expect: everyone(allowed) },
  {
    event: "request_online_users",
    ack: false,
    effect: "online_users to the caller",
    expect: everyone(allowed),
  },
  {
    event: "update_route",
    ack: false,
    effect: "route recorded on the socket",
    args: () => ["/group-chat"],
    expect: everyone(allowed),
  },
  {
    event: "check_if_banned",
    ack: true,
    // The payload's names are never trusted: the answer is about the caller.
    args: (ctx) => [{ username: ctx.victim.username, userId: ctx.victim.id }],
    expect: everyone(allowed),
    checkData: (data, ctx) => {
      const { banned } = data as { banned: boolean };
      return banned === isBannedRole(ctx.role) ? undefined : `banned: ${banned}`;
    },
  },
  {
    event: "join_group",
    ack: true,
    args: (ctx) => [{ username: ctx.victim.username, userId: ctx.victim.id }],
    expect: groupMember({ visitor: refused("unauthorized") }),
  },
  {
    event: "group_message",
    ack: true,
    // `otherUsersResource` sends the id of the victim's stored message: a conflict, never their row.
    args: (ctx) => [
      {
        id: ctx.role === "otherUsersResource" ? ctx.victimMessageId : randomUUID(),
        content: `hello from ${ctx.role}`,
        type: "text",
      },
    ],
    expect: groupMember({ muted: refused("forbidden"), otherUsersResource: refused("conflict") }),
  },
  {
    event: "group_typing",
    ack: false,
    effect: "group_typing to the group",
    args: () => [{ isTyping: true }],
    // A mute stops messages, not the typing indicator (current rule).
    expect: inGroupRoom(),
  },
  {
    event: "group_people_window",
    ack: true,
    args: () => [{ offset: 0, limit: 10 }],
    // Only people in the room see who else is in it.
    expect: inGroupRoom({
      visitor: refused("forbidden"),
      unverified: refused("forbidden"),
      banned: refused("forbidden"),
      bannedBrowser: refused("forbidden"),
    }),
  },
  {
    event: "update_online_status",
    ack: false,
    effect: "status in the group's people list",
    args: (ctx) => [
      { username: ctx.self?.username ?? "visitor", isOnline: true, isAway: true, lastActive: Date.now() },
    ],
    expect: inGroupRoom(),
  },
  {
    event: "status:update",
    ack: false,
    effect: "status in the group's people list",
    // Back from `away` (set by update_online_status above).
    args: () => ["online"],
    expect: inGroupRoom(),
  },
  {
    event: "force_unban_user",
    ack: true,
    args: (ctx) => [
      { username: ctx.targets.toUnbanBySocket.username, userId: ctx.targets.toUnbanBySocket.id },
    ],
    expect: adminOnly,
  },
  // Random chat: open to everyone, visitors included (bans are the group chat's), once 18+ is
  // confirmed (issue 14): a session confirms it by its date of birth, a visitor with `confirm_adult`
  // (run below, after the refusals).
  {
    event: "join",
    ack: true,
    // Everybody is male and looks for women: nobody here is ever matched.
    args: () => [{ gender: "male", preference: "female", interests: ["matrix"], allowAI: false }],
    expect: outcomes(allowed, { visitor: AGE_CONFIRMATION_REFUSED }),
  },
  {
    event: "chat_message",
    ack: true,
    args: () => [{ id: randomUUID(), content: "hi", type: "text" }],
    // Not paired: the rule is the pair, the same for every role.
    expect: everyone(refused("conflict")),
  },
  {
    event: "typing",
    ack: false,
    effect: "partner_typing to the partner",
    args: () => [{ isTyping: true }],
    expect: everyone(dropped),
  },
  {
    event: "next",
    ack: true,
    args: () => [{}],
    expect: outcomes(allowed, { visitor: AGE_CONFIRMATION_REFUSED }),
  },
  { event: "switch_to_person", ack: true, args: () => [{}], expect: everyone(refused("conflict")) },
  { event: "end_chat", ack: true, args: () => [{}], expect: everyone(allowed) },
  {
    event: "report_partner",
    ack: true,
    args: () => [{ reason: "spam" }],
    // Nobody to report: no pair now or lately.
    expect: everyone(refused("not_found")),
  },
  { event: "confirm_adult", ack: true, args: () => [{ accepted: true }], expect: everyone(allowed) },
  // The line's count and cooldown note: anyone may ask (it names nobody).
  { event: "line_status", ack: true, expect: everyone(allowed) },
  // direct messages: registered, verified users (bans and mutes are the group's); the victim is the
  // receiver, `otherUsersResource` reuses the id of the victim's own direct message.
  {
    event: "direct_message",
    ack: true,
    args: (ctx) => [
      {
        id: ctx.role === "otherUsersResource" ? ctx.victimDirectMessageId : randomUUID(),
        content: `a word from ${ctx.role}`,
        type: "text",
        receiverId: ctx.victim.id,
      },
    ],
    expect: dmSender({ otherUsersResource: refused("conflict", DM_ERROR_MESSAGES.idConflict) }),
  },
  {
    event: "direct_message_typing",
    ack: false,
    effect: "direct_message_typing to the receiver",
    args: (ctx) => [{ receiverId: ctx.victim.id, isTyping: true }],
    expect: dmSender({ visitor: dropped, guest: dropped, unverified: dropped, bannedBrowser: dropped }),
  },
  {
    event: "direct_message_delivered",
    ack: false,
    effect: "direct_message_status to the sender",
    args: (ctx) => [{ partnerId: ctx.victim.id, upToSeq: 1_000 }],
    expect: dmSender({ visitor: dropped, guest: dropped, unverified: dropped, bannedBrowser: dropped }),
  },
  {
    event: "join_confession_wall",
    ack: true,
    expect: groupMember({ visitor: refused("unauthorized") }),
  },
  { event: "leave_confession_wall", ack: true, expect: everyone(allowed) },
  { event: "leave_group", ack: true, expect: everyone(allowed) },
];

/**
 * The "unknown event" row (issue #33): names the contract does not have, emitted by every role with an
 * ack and without. Object.prototype's names first (`__proto__` ended the whole process, `__defineGetter__`
 * ran on the server's socket), then a real event's name in another case, a typo and a number's text.
 */
export const UNKNOWN_EVENTS: readonly { event: string; expect: RoleOutcomes }[] = [
  ...Object.getOwnPropertyNames(Object.prototype),
  "prototype",
  "Join_Group",
  "join_group ",
  "no_such_event",
  "42",
].map((event) => ({ event, expect: everyone(noHandler) }));
