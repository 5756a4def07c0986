import multipart from "@fastify/multipart";
import {
  GROUP_ERROR_MESSAGES,
  groupHistoryQuerySchema,
  idParamSchema,
  UPLOAD_SERVER_MESSAGES,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { deviceIdFromCookie } from "../../plugins/device-id";
import { sessionOf } from "../accounts/index";
import { IMAGE_UPLOAD_LIMITS, readUploadFile } from "../profiles/index";
import { isGuestRow, requireGroupMember } from "./group-access";
import type { GroupChatDeps } from "./group-chat-deps";
import { readGroupHistory } from "./group-history";
import { deleteGroupMessage } from "./group-messages";
import { storeGroupImage } from "./group-uploads";

/**
 * `GET /api/group/messages` (keyset history), `POST /api/group/images` (registered users only) and
 * `DELETE /api/group/messages/:id` (the author's own message).
 */
export function groupChatRoutes(deps: GroupChatDeps): FastifyPluginAsyncZod {
  const { db, guards, moderation } = deps;
  const member = (request: FastifyRequest) =>
    requireGroupMember({
      deps,
      userId: sessionOf(request).user.id,
      deviceId: deviceIdFromCookie(request.headers.cookie),
    });

  return async (app) => {
    // Encapsulated: only this plugin's upload route accepts multipart bodies.
    await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

    app.get(
      "/api/group/messages",
      { preHandler: guards.requireUser(), schema: { querystring: groupHistoryQuerySchema } },
      async (request) => {
        await member(request);
        return readGroupHistory({ db, query: request.query });
      },
    );

    app.post(
      "/api/group/images",
      { preHandler: guards.requireUser({ message: VALIDATION_MESSAGES.uploadUnauthenticated }) },
      async (request, reply) => {
        const sender = await member(request);
        if (isGuestRow(sender)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.imagesRegisteredOnly);
        await moderation.assertCanPost(sender.id);
        await consumeOrThrow(deps.uploadLimiter, sender.id, UPLOAD_SERVER_MESSAGES.tooManyUploads);
        const data = await readUploadFile(request);
        const upload = await storeGroupImage({ deps, userId: sender.id, data });
        return reply.status(201).send(upload);
      },
    );

    // The author deletes their own message for everyone (its image goes too); anyone else's: nothing.
    app.delete(
      "/api/group/messages/:id",
      { preHandler: guards.requireUser(), schema: { params: idParamSchema } },
      async (request) => {
        const { id } = request.params;
        if (!/^[0-9a-f-]{36}$/i.test(id)) return { deleted: false };
        return deleteGroupMessage({ deps, id, senderId: sessionOf(request).user.id });
      },
    );
  };
}
