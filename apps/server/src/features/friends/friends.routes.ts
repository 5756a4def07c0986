import {
  FRIEND_ERROR_MESSAGES,
  friendRequestIdParamSchema,
  SOCIAL_PATHS,
  sendFriendRequestSchema,
  userIdRouteParamSchema,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registeredOnly, type SessionGuards, sessionOf } from "../accounts/index";
import { acceptFriendRequest, cancelFriendRequest, declineFriendRequest } from "./answer-friend-request";
import { listFriendRequests, listFriends } from "./friend-lists";
import type { FriendsDeps } from "./friends-deps";
import { removeFriend } from "./remove-friend";
import { sendFriendRequest } from "./send-friend-request";

export interface FriendsRoutesOptions {
  deps: FriendsDeps;
  guards: SessionGuards;
}

/** Friends and friend requests (ARCHITECTURE §6, `SOCIAL_PATHS`): registered, verified users only. */
export function friendsRoutes({ deps, guards }: FriendsRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest: a guest learns the rule, not whether the body was well-formed (ARCHITECTURE §9.4).
    const registered = { onRequest: registeredOnly(guards, FRIEND_ERROR_MESSAGES.registeredOnly) };
    const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;
    const byId = { ...registered, schema: { params: friendRequestIdParamSchema } };
    const action = (request: { params: { id: string } } & Parameters<typeof sessionOf>[0]) => ({
      deps,
      userId: me(request).id,
      requestId: request.params.id,
    });

    app.get(SOCIAL_PATHS.friends, registered, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listFriends(deps, me(request).id);
    });
    app.delete(
      "/api/friends/:userId",
      { ...registered, schema: { params: userIdRouteParamSchema } },
      async (request) => removeFriend({ deps, userId: me(request).id, friendId: request.params.userId }),
    );

    app.get(SOCIAL_PATHS.friendRequests, registered, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listFriendRequests(deps, me(request).id);
    });
    app.post(
      SOCIAL_PATHS.friendRequests,
      { ...registered, schema: { body: sendFriendRequestSchema } },
      async (request) => sendFriendRequest({ deps, sender: me(request), input: request.body }),
    );
    app.post("/api/friend-requests/:id/accept", byId, async (request) =>
      acceptFriendRequest(action(request)),
    );
    app.post("/api/friend-requests/:id/decline", byId, async (request) =>
      declineFriendRequest(action(request)),
    );
    app.delete("/api/friend-requests/:id", byId, async (request) => cancelFriendRequest(action(request)));
  };
}
