import { CONFESSION_ERROR_MESSAGES, type ConfessionAuthor } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { confessionComments } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { publicName } from "../../social/index";
import { findUserById, type SessionGuards } from "../accounts/index";
import { isGuestRow } from "../group-chat/index";
import { commentParamsSchema, confessionParamsSchema } from "./confessions.routes";
import { findConfession } from "./find-confession";
import { type RemovalDeps, removeComment, removeConfession } from "./remove-confession-content";
import { commentShown } from "./shown-now";

/**
 * `/api/admin/confessions/*` (issue #13): the role is read from the database before anything else runs
 * (ARCHITECTURE §9.4). Admins remove posts and comments (the wall updates live) and are the only ones
 * who may see an author, to ban or mute them.
 */
export function confessionsAdminRoutes(deps: RemovalDeps & { guards: SessionGuards }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook("onRequest", deps.guards.requireAdmin);
    const ONE = "/api/admin/confessions/:id";
    const COMMENT = `${ONE}/comments/:commentId`;

    app.delete(ONE, { schema: { params: confessionParamsSchema } }, async (request) =>
      removeConfession({ deps, id: request.params.id }),
    );
    app.delete(COMMENT, { schema: { params: commentParamsSchema } }, async (request) =>
      removeComment({ deps, confessionId: request.params.id, commentId: request.params.commentId }),
    );
    app.get(`${ONE}/author`, { schema: { params: confessionParamsSchema } }, async (request) => {
      const { authorId } = await findConfession(db, request.params.id);
      return authorOf(db, authorId);
    });
    app.get(`${COMMENT}/author`, { schema: { params: commentParamsSchema } }, async (request) => {
      const { id, commentId } = request.params;
      const [comment] = await db
        .select({ authorId: confessionComments.authorId })
        .from(confessionComments)
        .where(
          and(eq(confessionComments.id, commentId), eq(confessionComments.confessionId, id), commentShown()),
        );
      if (!comment) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.commentNotFound);
      return authorOf(db, comment.authorId);
    });
  };
}

async function authorOf(db: Database, userId: string | null): Promise<ConfessionAuthor> {
  // Detached from a deleted account until its moment to leave (ADR 0014): nobody to ban or mute.
  const row = userId === null ? undefined : await findUserById(db, userId);
  if (!row) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.authorDeleted);
  return { userId: row.id, username: publicName(row), isGuest: isGuestRow(row) };
}
