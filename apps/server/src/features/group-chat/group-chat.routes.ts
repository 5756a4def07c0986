import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import {
  GROUP_ERROR_MESSAGES,
  groupHistoryQuerySchema,
  MAX_IMAGE_BYTES,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors/app-error";
import { consumeOrRefuse } from "../moderation/consume-or-refuse";
import { deviceIdFromCookie } from "../moderation/device-id";
import { requireRequestUser } from "../moderation/moderation-identity";
import { isGuestRow, refuseIfMuted, requireGroupMember } from "./group-access";
import { readGroupHistory } from "./group-history";
import { GROUP_UPLOADS_SEGMENT, storeGroupImage } from "./group-image-upload";

const UPLOAD_RATE_LIMITED = "Too many uploads. Please try again later.";

/** `GET /api/group/messages` (keyset history) and `POST /api/group/images` (registered users only). */
export const groupChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.groupChat.moderation;
  // The accounts branch may register multipart for the whole app; register it here only if nobody has.
  if (!app.hasRequestDecorator("isMultipart")) {
    await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 } });
  }

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
    await consumeOrRefuse(deps.uploadLimiter, sender.id, UPLOAD_RATE_LIMITED);
    if (!request.isMultipart()) throw new AppError("bad_request", VALIDATION_MESSAGES.uploadInvalidType);
    const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    if (!file) throw new AppError("bad_request", VALIDATION_MESSAGES.uploadInvalidType);
    const data = await file.toBuffer().catch(() => {
      throw new AppError("bad_request", VALIDATION_MESSAGES.uploadTooLarge);
    });
    const upload = await storeGroupImage({ uploadsDir: deps.uploadsDir, userId: sender.id, data });
    return reply.status(201).send(upload);
  });
};

const uploadParamsSchema = z.object({
  userId: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  file: z.string().regex(/^[0-9a-f-]{36}\.(?:jpg|gif)$/),
});

/**
 * `GET /uploads/group/:userId/:file`: serves stored group images (immutable names, never sniffed).
 * Integrator: when the accounts branch serves all of `/uploads/`, this route can go.
 */
export const groupUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = path.join(app.groupChat.moderation.uploadsDir, GROUP_UPLOADS_SEGMENT);
  app.get(
    `/uploads/${GROUP_UPLOADS_SEGMENT}/:userId/:file`,
    { schema: { params: uploadParamsSchema } },
    async (request, reply) => {
      const { userId, file } = request.params;
      const filePath = path.join(root, userId, file);
      const found = await stat(filePath).catch(() => null);
      if (!found?.isFile()) throw new AppError("not_found");
      return reply
        .header("content-type", file.endsWith(".gif") ? "image/gif" : "image/jpeg")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(createReadStream(filePath));
    },
  );
};
