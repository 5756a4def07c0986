import type { FastifyBaseLogger } from "fastify";
import type { Auth } from "../../auth/create-auth";
import type { AppConfig } from "../../config";
import type { Database, DatabaseHandle } from "../../db/create-database";
import type { RedisClient } from "../../lib/redis-client";
import type { HumanCheck } from "../../plugins/human-check/human-check";
import type { Mailer } from "../../plugins/mail";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { Feature } from "../feature";
import { createAccountLimiters } from "./account-limits";
import { accountsRoutes } from "./accounts.routes";
import { adultConfirmationListeners } from "./adult-confirmation.socket";
import type { DeleteUser } from "./delete-account";
import { startNameHoldSweep } from "./held-names";
import type { IdentityCache } from "./identity-cache";
import { listenForRoleChanges } from "./role-changes";
import type { SessionGuards } from "./session-guards";
import { createSessionWatch, joinAccountRooms } from "./session-sockets";
import { createSocketIdentityMiddleware, emitSession, type SocketIdentity } from "./socket-identity";

export interface CreateAccountsOptions {
  db: Database;
  auth: Auth;
  config: AppConfig;
  io: HeartlineServer;
  redis: RedisClient | null;
  mailer: Mailer;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  humanCheck: HumanCheck;
  /** The app's one account deletion, for sign-up's clean-up of a guest holding the name. */
  deleteUser: DeleteUser;
  /** The handshake identities this node remembers, shared with the deletion and Better Auth's events. */
  identities: IdentityCache<SocketIdentity>;
  /** The database's `LISTEN`: role changes made by `npm run admin` while the server runs. */
  listen: DatabaseHandle["listen"];
  /** Issue #15: AutoMod refuses a name its username rules match (throws, naming the rule). */
  screenUsername: (username: string) => void;
  /** Issue #38: a banned browser gets no guest account. */
  isBrowserBanned: (deviceId: string) => Promise<boolean>;
  /** How often a signed-in socket re-reads its session (default 60 s; tests shorten it). */
  sessionCheckIntervalMs?: number;
  /** Tests only: the clock deleted names' holds are compared with (default `Date.now`). */
  clock?: () => number;
}

export interface Accounts extends Feature {
  /** Tells a new socket its session; called once every feature's handlers are attached. */
  announceSession(socket: HeartlineSocket): void;
}

/**
 * Accounts (spec §4): sign-up, sign-in, verification and resets over HTTP; on sockets the identity of
 * the handshake, the `user:{id}` room, the session re-check (a signed-out session's events stop
 * before any feature's handlers) and the 18+ confirmation.
 */
export function createAccounts(options: CreateAccountsOptions): Accounts {
  const { db, auth, config, io, mailer, log, guards, humanCheck, identities } = options;
  const deps = {
    db,
    auth,
    config,
    io,
    mailer,
    log,
    limiters: createAccountLimiters(options.redis, config.authRateLimitScale),
    deleteUser: options.deleteUser,
    identities,
    screenUsername: options.screenUsername,
    isBrowserBanned: options.isBrowserBanned,
    clock: options.clock ?? Date.now,
  };
  const sessionWatch = createSessionWatch({
    db,
    log,
    ...(options.sessionCheckIntervalMs ? { intervalMs: options.sessionCheckIntervalMs } : {}),
  });
  let stopNameHoldSweep = () => {};
  let roleChanges: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);
  const adultConfirmation = adultConfirmationListeners({ authSecret: config.authSecret, log });
  return {
    routes: accountsRoutes({ deps, guards, humanCheck }),
    socketMiddleware: createSocketIdentityMiddleware({
      authSecret: config.authSecret,
      auth,
      identities,
      onSessionError: (error) => log.warn({ err: error }, "socket session lookup failed"),
    }),
    registerHandlers: (socket) => {
      // The one place a signed-in socket joins `user:{id}` (bans, mutes, account pushes reach it there).
      joinAccountRooms(socket);
      // Before any feature's handlers: a signed-out session's events stop here (after the rate limits).
      sessionWatch.watch(socket);
      adultConfirmation.attach(socket);
    },
    announceSession: (socket) => emitSession(socket, config.authSecret),
    // Issue #38: the hourly removal of deleted names' holds that have run out.
    start: () => {
      stopNameHoldSweep = startNameHoldSweep(db, log, deps.clock);
      roleChanges = listenForRoleChanges({ db, io, identities, log, listen: options.listen }).catch(
        (error: unknown) => {
          log.error({ err: error }, "role changes made by npm run admin will not reach open sockets");
          return undefined;
        },
      );
    },
    stop: async () => {
      stopNameHoldSweep();
      sessionWatch.stop();
      await (await roleChanges)?.();
    },
  };
}
