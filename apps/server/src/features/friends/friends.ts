import { FRIEND_REQUESTS_PER_HOUR } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer } from "../../realtime/types";
import { createPresencePushes } from "../../social/presence-pushes";
import type { SessionGuards } from "../accounts/index";
import type { FriendshipPort } from "../blocks/index";
import type { Feature } from "../feature";
import type { Notify } from "../notifications/index";
import { countFriends } from "./friend-store";
import { friendsRoutes } from "./friends.routes";
import type { FriendsDeps } from "./friends-deps";
import { removeFriendshipsOf } from "./remove-account";
import { endFriendship } from "./remove-friend";

/** ARCHITECTURE §7: friend requests per sender, one count on every node (Redis when configured). */
export const FRIEND_REQUEST_RATE_LIMIT: RateLimit = {
  points: FRIEND_REQUESTS_PER_HOUR,
  durationSeconds: 60 * 60,
};

export interface CreateFriendsOptions {
  db: Database;
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  /** Tests shorten it; defaults to `FRIEND_REQUEST_RATE_LIMIT`. */
  requestLimit?: RateLimit;
  notify?: Notify;
}

/** Friends as other features see them (the composition root passes pieces of it around). */
export interface Friends extends Feature {
  /** spec §3 friend count (public profiles). */
  countFriends(userId: string): Promise<number>;
  /** For blocks: a block ends any request or friendship between the two. */
  friendships: FriendshipPort;
  /** `/api/friends`, `/api/friend-requests`. */
  routes: FastifyPluginAsyncZod;
}

export function createFriends(options: CreateFriendsOptions): Friends {
  const { db, io, redis, log, guards } = options;
  const deps: FriendsDeps = {
    db,
    io,
    log,
    ...(options.notify ? { notify: options.notify } : {}),
    requestLimiter: createRateLimiter({
      redis,
      name: "friend-request",
      ...(options.requestLimit ?? FRIEND_REQUEST_RATE_LIMIT),
    }),
  };
  // Issue #38: friends and DM partners hear each other come, go and step away.
  const presencePushes = createPresencePushes({ db, io, log });
  return {
    registerHandlers: (socket) => presencePushes.attach(socket),
    stop: () => presencePushes.stop(),
    countFriends: (userId) => countFriends(db, userId),
    friendships: { endBetween: (userId, otherId) => endFriendship({ deps, userId, friendId: otherId }) },
    routes: friendsRoutes({ deps, guards }),
    removeAccount: removeFriendshipsOf,
  };
}
