import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../db/create-database";
import type { HeartlineServer, HeartlineSocket } from "../realtime/types";

/** The transaction an account deletion runs in (drizzle's, on the app's database). */
export type DeletionTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a feature's removal step leaves for after the deletion has committed. */
export interface AccountRemovalOutcome {
  /** People who had to do with the account there (friends, DM partners): told `user_deleted`. */
  told?: readonly string[];
  /** Runs right after the commit, before the account's sockets are closed (pushes, file removal). */
  afterCommit?: () => void | Promise<void>;
}

/**
 * A feature's part of deleting an account (spec §4): its rows of the user, in the deletion's one
 * transaction, before the user row goes.
 */
export type AccountRemovalStep = (
  tx: DeletionTransaction,
  userId: string,
) => Promise<AccountRemovalOutcome | undefined>;

/**
 * The one shape every server feature's factory returns: what it contributes to the app. The
 * composition root (features/index.ts) mounts each part the same way for every feature: `routes`
 * at their full paths (`/api/...`, no prefix added), `registerHandlers` on every connection, in the
 * root's order, `removeAccount` into the one account deletion, `start` once the app is built and `stop`
 * when it closes (after the sockets).
 */
export interface Feature {
  /** Its HTTP routes, each at its full path. */
  routes?: FastifyPluginAsync | FastifyPluginAsyncZod;
  /** A socket middleware of the handshake (the accounts feature's identity). */
  socketMiddleware?: Parameters<HeartlineServer["use"]>[0];
  /** Its socket event handlers, attached to every new connection. */
  registerHandlers?(socket: HeartlineSocket): void;
  /** Its part of deleting an account. */
  removeAccount?: AccountRemovalStep;
  start?(): void;
  stop?(): void | Promise<void>;
}
