import multipart from "@fastify/multipart";
import {
  GROUP_ERROR_MESSAGES,
  groupHistoryQuerySchema,
  UPLOAD_SERVER_MESSAGES,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { deviceIdFromCookie } from "../moderation/device-id";
import { requireRequestUser } from "../moderation/moderation-identity";
import { IMAGE_UPLOAD_LIMITS, readUploadFile } from "../profiles/read-upload-file";
import { isGuestRow, refuseIfMuted, requireGroupMember } from "./group-access";
import { readGroupHistory } from "./group-history";
import { storeGroupImage } from "./group-image-upload";

/** `GET /api/group/messages` (keyset history) and `POST /api/group/images` (registered users only). */
export const groupChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.groupChat.moderation;
  // Encapsulated: only this plugin's upload route accepts multipart bodies.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  const member = async (request: Parameters<typeof requireRequestUser>[1]) => {
    const me = await requireRequestUser(app, request);
    return requireGroupMember(app.db, {
      userId: me.id,
      deviceId: deviceIdFromCookie(request.headers.cookie),
    });
  };

  app.get("/group/messages", { schema: { querystring: groupHistoryQuerySchema } }, async (request) => {
    await member(request);
    return readGroupHistory(app.db, request.query);
  });

  app.post("/group/images", async (request, reply) => {
    const me = await requireRequestUser(app, request).catch(() => {
      throw new AppError("unauthorized", VALIDATION_MESSAGES.uploadUnauthenticated);
    });
    const sender = await requireGroupMember(app.db, {
      userId: me.id,
      deviceId: deviceIdFromCookie(request.headers.cookie),
    });
    if (isGuestRow(sender)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.imagesRegisteredOnly);
    await refuseIfMuted(app.db, sender.id);
    await consumeOrThrow(deps.uploadLimiter, sender.id, UPLOAD_SERVER_MESSAGES.tooManyUploads);
    const data = await readUploadFile(request);
    const upload = await storeGroupImage({ storage: app.storage, userId: sender.id, data });
    return reply.status(201).send(upload);
  });
};
