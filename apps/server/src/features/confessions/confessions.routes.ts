import {
  CONFESSION_PATHS,
  confessionFeedQuerySchema,
  confessionIdSchema,
  confessionReactionSchema,
  createConfessionCommentSchema,
  createConfessionSchema,
  reportConfessionSchema,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deviceIdFromCookie } from "../../plugins/device-id";
import { sessionOf } from "../accounts/index";
import { listComments } from "./confession-comments";
import { toView } from "./confession-views";
import type { ConfessionsDeps } from "./confessions-deps";
import { findConfession } from "./find-confession";
import { postComment } from "./post-comment";
import { postConfession } from "./post-confession";
import { setReaction } from "./react-to-confession";
import { readFeed } from "./read-feed";
import { removeComment, removeConfession } from "./remove-confession-content";
import { reportConfession } from "./report-confession";
import { wallGuard } from "./wall-access";

export const confessionParamsSchema = z.object({ id: confessionIdSchema });
export const commentParamsSchema = z.object({ id: confessionIdSchema, commentId: confessionIdSchema });
const reportParamsSchema = z.object({ id: confessionIdSchema, commentId: confessionIdSchema.optional() });

const ROOT = CONFESSION_PATHS.confessions;
const ONE = `${ROOT}/:id`;
const COMMENTS = `${ONE}/comments`;
const COMMENT = `${COMMENTS}/:commentId`;

/**
 * The wall's HTTP routes (`CONFESSION_PATHS`, issue #13), every one behind the group chat guard. No
 * answer names an author: a viewer learns only `isOwn`.
 */
export function confessionsRoutes(deps: ConfessionsDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const guarded = { onRequest: wallGuard(deps) };
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;
  return async (app) => {
    app.get(ROOT, { ...guarded, schema: { querystring: confessionFeedQuerySchema } }, async (request) =>
      readFeed({ deps, viewerId: me(request), query: request.query }),
    );
    app.post(ROOT, { ...guarded, schema: { body: createConfessionSchema } }, async (request, reply) => {
      const { confession, isNew } = await postConfession({
        deps,
        authorId: me(request),
        input: request.body,
      });
      return reply.status(isNew ? 201 : 200).send({ confession });
    });
    app.get(ONE, { ...guarded, schema: { params: confessionParamsSchema } }, async (request) => ({
      confession: await toView(db, await findConfession(db, request.params.id), me(request)),
    }));
    app.delete(ONE, { ...guarded, schema: { params: confessionParamsSchema } }, async (request) =>
      removeConfession({ deps, id: request.params.id, authorId: me(request) }),
    );

    app.get(COMMENTS, { ...guarded, schema: { params: confessionParamsSchema } }, async (request) =>
      listComments({ db, confessionId: request.params.id, viewerId: me(request) }),
    );
    app.post(
      COMMENTS,
      { ...guarded, schema: { params: confessionParamsSchema, body: createConfessionCommentSchema } },
      async (request, reply) => {
        const { comment, isNew } = await postComment({
          deps,
          userId: me(request),
          confessionId: request.params.id,
          input: request.body,
        });
        return reply.status(isNew ? 201 : 200).send({ comment });
      },
    );
    app.delete(COMMENT, { ...guarded, schema: { params: commentParamsSchema } }, async (request) =>
      removeComment({
        deps,
        confessionId: request.params.id,
        commentId: request.params.commentId,
        authorId: me(request),
      }),
    );

    app.put(
      `${ONE}/reaction`,
      { ...guarded, schema: { params: confessionParamsSchema, body: confessionReactionSchema } },
      async (request) =>
        setReaction({
          deps,
          userId: me(request),
          confessionId: request.params.id,
          emoji: request.body.emoji,
        }),
    );
    app.delete(
      `${ONE}/reaction`,
      { ...guarded, schema: { params: confessionParamsSchema } },
      async (request) =>
        setReaction({ deps, userId: me(request), confessionId: request.params.id, emoji: null }),
    );

    // A confession or one of its comments: one handler, the comment id when the path has one.
    for (const path of [`${ONE}/report`, `${COMMENT}/report`]) {
      app.post(
        path,
        { ...guarded, schema: { params: reportParamsSchema, body: reportConfessionSchema } },
        async (request, reply) => {
          const { id, commentId } = request.params;
          const result = await reportConfession({
            deps,
            reporterId: me(request),
            confessionId: id,
            ...(commentId ? { commentId } : {}),
            input: request.body,
            deviceId: deviceIdFromCookie(request.headers.cookie),
            ip: request.ip,
          });
          return reply.status(201).send(result);
        },
      );
    }
  };
}
