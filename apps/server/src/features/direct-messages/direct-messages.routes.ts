import multipart from "@fastify/multipart";
import {
  conversationHistoryQuerySchema,
  conversationListQuerySchema,
  DM_ERROR_MESSAGES,
  DM_IMAGE_MESSAGES,
  dmImageParamsSchema,
  dmImageQuerySchema,
  partnerIdParamSchema,
  SERVER_MESSAGES,
  SOCIAL_PATHS,
  UPLOAD_SERVER_MESSAGES,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors/app-error";
import { STORED_FILE_HEADERS } from "../../lib/file-store";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { findPersonById } from "../../social/index";
import { registeredOnly, sessionOf } from "../accounts/index";
import { storeChatImage } from "../group-chat/index";
import { IMAGE_UPLOAD_LIMITS, readUploadFile } from "../profiles/index";
import { conversationDetail, listConversations } from "./conversation-list";
import { markConversationRead, setConversationHidden } from "./conversation-state";
import type { DirectMessagesDeps } from "./direct-messages-deps";
import { readDirectMessages } from "./dm-history";
import { readDmImage } from "./read-dm-image";

const byPartner = { params: partnerIdParamSchema };

/**
 * The conversations API (ARCHITECTURE §6): registered users with a verified e-mail only (a visitor 401,
 * a guest or an unverified user 403 with `DM_ERROR_MESSAGES.registeredOnly`), checked `onRequest`, so a
 * refused caller learns nothing about the request itself.
 */
export function directMessagesRoutes(deps: DirectMessagesDeps): FastifyPluginAsyncZod {
  const { db, guards } = deps;
  const registered = { onRequest: registeredOnly(guards, DM_ERROR_MESSAGES.registeredOnly) };
  return async (app) => {
    // Encapsulated: only this plugin's upload route accepts multipart bodies.
    await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

    app.get(
      SOCIAL_PATHS.conversations,
      { ...registered, schema: { querystring: conversationListQuerySchema } },
      async (request) => listConversations(db, sessionOf(request).user.id, request.query),
    );

    app.get("/api/conversations/:partnerId", { ...registered, schema: byPartner }, async (request) =>
      conversationDetail(deps, sessionOf(request).user.id, request.params.partnerId),
    );

    app.get(
      "/api/conversations/:partnerId/messages",
      { ...registered, schema: { ...byPartner, querystring: conversationHistoryQuerySchema } },
      async (request) => {
        const { partnerId } = request.params;
        await findPersonById(db, partnerId);
        return readDirectMessages({
          db,
          userId: sessionOf(request).user.id,
          partnerId,
          query: request.query,
        });
      },
    );

    const action = (request: { params: { partnerId: string } }, userId: string) => ({
      deps,
      userId,
      partnerId: request.params.partnerId,
    });
    app.post("/api/conversations/:partnerId/read", { ...registered, schema: byPartner }, async (request) =>
      markConversationRead(action(request, sessionOf(request).user.id)),
    );
    app.post("/api/conversations/:partnerId/hide", { ...registered, schema: byPartner }, async (request) =>
      setConversationHidden({ ...action(request, sessionOf(request).user.id), hidden: true }),
    );
    app.post("/api/conversations/:partnerId/unhide", { ...registered, schema: byPartner }, async (request) =>
      setConversationHidden({ ...action(request, sessionOf(request).user.id), hidden: false }),
    );

    // An image or GIF for a direct message: the chat pipeline (type sniffed, re-encoded, EXIF gone).
    app.post(SOCIAL_PATHS.dmImages, registered, async (request, reply) => {
      const userId = sessionOf(request).user.id;
      await consumeOrThrow(deps.uploadLimiter, userId, UPLOAD_SERVER_MESSAGES.tooManyUploads);
      const data = await readUploadFile(request);
      const upload = await storeChatImage({ deps, userId, data, kind: "dm" });
      return reply.status(201).send(upload);
    });

    // Issue #33: the image itself, to the pair only. Every refusal before the lookup is the same 404,
    // so nobody learns whether a name exists; the caller's session is read here, not required.
    app.get(SOCIAL_PATHS.dmImage, async (request, reply) => {
      const params = dmImageParamsSchema.safeParse(request.params);
      if (!params.success) throw new AppError("not_found", DM_IMAGE_MESSAGES.notFound);
      const query = dmImageQuerySchema.parse(request.query);
      const session = await guards.readSession(request);
      if (session) {
        await consumeOrThrow(deps.imageViewLimiter, session.user.id, SERVER_MESSAGES.tooManyRequests);
      }
      const image = await readDmImage({
        deps,
        viewer: session?.user ?? null,
        ...params.data,
        reveal: query.reveal === "1",
      });
      return (
        reply
          .headers(STORED_FILE_HEADERS)
          .header("content-type", image.file.contentType)
          .header("content-length", image.file.size)
          .header("cache-control", image.cacheControl)
          // Two accounts in one browser never share a cached image.
          .header("vary", "cookie")
          .send(image.file.stream)
      );
    });
  };
}
