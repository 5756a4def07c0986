import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/create-database";
import { userRoom } from "../realtime/rooms";
import { socketListenerSet } from "../realtime/socket-listeners";
import type { HeartlineServer, HeartlineSocket } from "../realtime/types";
import { presenceAudience } from "./presence-audience";
import { presenceOf } from "./presence-of";

export interface PresencePushesOptions {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** How long changes of one user are gathered into one push (a reload is a leave and a return). */
  coalesceMs?: number;
}

export interface PresencePushes {
  /** Listens to the socket's comings, goings and away changes. */
  attach(socket: HeartlineSocket): void;
  /** Someone's presence may have changed: their watchers hear the new status shortly. */
  changed(userId: string): void;
  stop(): void;
}

/** A page reload (leave, then return) inside this window is one push, and usually none that matters. */
export const PRESENCE_PUSH_COALESCE_MS = 400;

/**
 * Issue #38: a friend's or DM partner's presence follows them live (`user:status` to `user:{watcher}`
 * on every node), so an open thread, the conversation list and the friends page never show "Offline"
 * for someone who came back. A change (a signed-in socket connects or disconnects, the group room's
 * away/online) is gathered per user for a moment, then the status is read from the sockets themselves
 * (`presenceOf`, every node) and pushed only to `presenceAudience` (friends and DM partners, no blocks):
 * nobody else can learn from pushes when someone comes and goes.
 */
export function createPresencePushes(options: PresencePushesOptions): PresencePushes {
  const { db, io, log, coalesceMs = PRESENCE_PUSH_COALESCE_MS } = options;
  const pending = new Map<string, NodeJS.Timeout>();

  const push = async (userId: string): Promise<void> => {
    const audience = await presenceAudience(db, userId);
    if (audience.length === 0) return;
    const status = (await presenceOf(io, log, [userId])).get(userId) ?? "offline";
    io.to(audience.map(userRoom)).emit("user:status", { userId, status });
  };

  const changed = (userId: string): void => {
    if (pending.has(userId)) return;
    const timer = setTimeout(() => {
      pending.delete(userId);
      push(userId).catch((error: unknown) => log.warn({ err: error }, "presence push failed"));
    }, coalesceMs);
    timer.unref();
    pending.set(userId, timer);
  };

  // The group room's handlers run first (features' order): its away/online is set when these run.
  function onChange(this: HeartlineSocket): void {
    if (isWatched(this)) changed(this.data.userId);
  }
  const listeners = socketListenerSet({
    disconnect: onChange,
    "status:update": onChange,
    update_online_status: onChange,
    join_group: onChange,
    leave_group: onChange,
  });

  return {
    attach(socket) {
      if (!isWatched(socket)) return;
      listeners.attach(socket);
      changed(socket.data.userId);
    },
    changed,
    stop() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** Only registered people have friends and conversations (guests and visitors have neither). */
function isWatched(socket: HeartlineSocket): boolean {
  return !socket.data.isVisitor && !socket.data.isGuest;
}
