import type { SocketData } from "@heartline/shared";
import type { Auth } from "../../auth/create-auth";
import { createVisitorId } from "../../auth/visitor-id";
import { toFetchHeaders } from "../../lib/fetch-headers";
import type { HeartlineSocket } from "../../realtime/types";
import { IdentityCache, type IdentityCacheOptions, type VerifiedIdentity } from "./identity-cache";
import { readVisitorToken, signVisitorToken } from "./visitor-token";

/** The handshake identities this node remembers (one per app, shared by the use cases that change them). */
export function createSocketIdentities(options: IdentityCacheOptions): IdentityCache<SocketIdentity> {
  return new IdentityCache<SocketIdentity>(options);
}

type Middleware = (socket: HeartlineSocket, next: (error?: Error) => void) => void;

export interface SocketIdentityOptions {
  authSecret: string;
  /** Reads the Better Auth session from the handshake's cookie. */
  auth: Pick<Auth, "api">;
  /** Better Auth's answers remembered for a while per Cookie header (ADR 0022). */
  identities: IdentityCache<SocketIdentity>;
  /** A failed session lookup must not refuse the socket; the visitor fallback still applies. */
  onSessionError?: (error: unknown) => void;
}

/**
 * Handshake middleware: identity comes from the server, never from the client (ARCHITECTURE §5,
 * §9.4). The handshake's `auth.userId`, `username` and `isAdmin` are accepted for compatibility
 * with the spec's client (spec §7) and ignored here. A valid Better Auth session cookie makes the
 * socket that user's; otherwise it is a visitor: a valid `auth.visitorToken` restores the visitor id
 * it was issued for, anything else gets a new id.
 */
export function createSocketIdentityMiddleware(options: SocketIdentityOptions): Middleware {
  return (socket, next) => {
    socket.data.route = "/";
    sessionIdentity(socket, options)
      .then((identity) => {
        // The session is read: the cookie is not needed again, and `fetchSockets()` on another node
        // would otherwise receive it through Redis with the rest of the handshake.
        dropCookie(socket);
        Object.assign(
          socket.data,
          identity ?? { ...VISITOR_IDENTITY, ...visitorIdentity(socket, options.authSecret) },
        );
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  };
}

export type SocketIdentity = Omit<SocketData, "route">;

/**
 * The handshake and the request (which Engine.IO keeps for the socket's life) share one copy of the
 * headers without the Cookie header; the original object and its cookie string are freed. A `delete`
 * would turn the headers object into a slower and bigger dictionary for the socket's whole life, and
 * two copies cost ~0.1 KB per socket (bench B4); `undefined` in the handshake would reach another node
 * as `null`.
 */
function dropCookie(socket: HeartlineSocket): void {
  const { cookie, ...headers } = socket.handshake.headers;
  if (cookie === undefined) return;
  socket.handshake.headers = headers;
  socket.request.headers = headers;
}

const VISITOR_IDENTITY = {
  isVisitor: true,
  username: null,
  isGuest: false,
  emailVerified: false,
  isAdmin: false,
  sessionId: null,
} as const;

async function sessionIdentity(
  socket: HeartlineSocket,
  options: SocketIdentityOptions,
): Promise<SocketIdentity | null> {
  // No cookie, no session: skip the database for the common visitor case.
  const { cookie } = socket.handshake.headers;
  if (!cookie) return null;
  try {
    return await options.identities.lookup(cookie, () => readSession(socket, options));
  } catch (error) {
    options.onSessionError?.(error);
    return null;
  }
}

/** Better Auth's verification of the handshake's cookie (its `getSession`), as the socket's identity. */
async function readSession(
  socket: HeartlineSocket,
  options: SocketIdentityOptions,
): Promise<VerifiedIdentity<SocketIdentity> | null> {
  const result = await options.auth.api.getSession({ headers: toFetchHeaders(socket.handshake.headers) });
  if (!result) return null;
  const { user, session } = result;
  return {
    userId: user.id,
    sessionExpiresAt: new Date(session.expiresAt).getTime(),
    identity: {
      userId: user.id,
      isVisitor: false,
      username: user.displayUsername || user.username || user.name,
      isGuest: user.isGuest === true || user.isAnonymous === true,
      emailVerified: user.emailVerified,
      isAdmin: user.role === "admin",
      sessionId: session.id,
      // Sign-up and guest creation required a date of birth of 18 or more (spec §8).
      isAdultConfirmed: true,
    },
  };
}

function visitorIdentity(
  socket: HeartlineSocket,
  authSecret: string,
): { userId: string; isAdultConfirmed: boolean } {
  const auth: unknown = socket.handshake.auth;
  const token =
    typeof auth === "object" && auth !== null && "visitorToken" in auth ? auth.visitorToken : null;
  const content = readVisitorToken(token, authSecret);
  return content
    ? { userId: content.visitorId, isAdultConfirmed: content.isAdultConfirmed }
    : { userId: createVisitorId(), isAdultConfirmed: false };
}

/** Tells a freshly connected socket who the server says it is, with the token to keep that id. */
export function emitSession(socket: HeartlineSocket, authSecret: string): void {
  const { userId, isVisitor } = socket.data;
  const isAdultConfirmed = socket.data.isAdultConfirmed === true;
  socket.emit(
    "session",
    isVisitor
      ? {
          userId,
          isVisitor,
          isAdultConfirmed,
          visitorToken: signVisitorToken(userId, authSecret, { isAdultConfirmed }),
        }
      : { userId, isVisitor, isAdultConfirmed },
  );
}
