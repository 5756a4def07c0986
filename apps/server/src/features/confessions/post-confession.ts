import {
  CONFESSION_DUPLICATE_WINDOW_MS,
  CONFESSION_ERROR_MESSAGES,
  type ConfessionView,
  type CreateConfessionInput,
  mutedMessage,
} from "@heartline/shared";
import { and, eq, gt, sql } from "drizzle-orm";
import { confessions } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import { type ConfessionRow, toView } from "./confession-views";
import type { ConfessionsDeps } from "./confessions-deps";

export interface PostedConfession {
  confession: ConfessionView;
  /** False for a retry of an id the author already stored: answered again, not announced again. */
  isNew: boolean;
}

/**
 * `POST /api/confessions` (issue #13): idempotent by the client's id, refused while muted, the same
 * text from the same author within 5 s dropped (spec §5), 5 an hour per user across nodes, stored, and
 * only then announced to the wall (`confession_created` carries no author).
 */
export async function postConfession(options: {
  deps: ConfessionsDeps;
  authorId: string;
  input: CreateConfessionInput;
}): Promise<PostedConfession> {
  const { deps, authorId, input } = options;
  const { db, moderation } = deps;
  const [[stored], mute] = await Promise.all([
    db.select().from(confessions).where(eq(confessions.id, input.id)),
    moderation.muteOf(authorId),
  ]);
  if (stored) return asRetry(deps, stored, authorId);
  if (mute) throw new AppError("forbidden", mutedMessage(mute.reason, mute.expiresAt));
  const content = await deps.automod.screen({
    surface: "confession",
    authorId,
    messageId: input.id,
    text: input.content,
  });

  const now = deps.clock();
  const result = await db.transaction(
    async (tx): Promise<{ retry: ConfessionRow } | { inserted: ConfessionRow }> => {
      // One author's posts one at a time (on every node): a double submit — two ids, one text — cannot
      // pass the duplicate check twice, and a concurrent retry of the same id finds the stored row.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`confession:${authorId}`}))`);
      const [again] = await tx.select().from(confessions).where(eq(confessions.id, input.id));
      if (again) return { retry: again };
      const [duplicate] = await tx
        .select({ id: confessions.id })
        .from(confessions)
        .where(
          and(
            eq(confessions.authorId, authorId),
            // As stored: AutoMod may have masked the text, and the repeat is masked alike.
            eq(confessions.content, content),
            gt(confessions.createdAt, new Date(now - CONFESSION_DUPLICATE_WINDOW_MS)),
          ),
        )
        .limit(1);
      if (duplicate) throw new AppError("conflict", CONFESSION_ERROR_MESSAGES.duplicate);
      await consumeOrThrow(deps.limiters.confessions, authorId, CONFESSION_ERROR_MESSAGES.tooManyConfessions);
      const [row] = await tx
        .insert(confessions)
        .values({
          id: input.id,
          authorId,
          content,
          contentWarning: input.contentWarning || null,
          createdAt: new Date(now),
        })
        .onConflictDoNothing()
        .returning();
      // Someone else's post took the id in the meantime.
      if (!row) throw new AppError("conflict", CONFESSION_ERROR_MESSAGES.idConflict);
      return { inserted: row };
    },
  );
  if ("retry" in result) return asRetry(deps, result.retry, authorId);
  const inserted = result.inserted;
  deps.io.to(CONFESSIONS_ROOM).emit("confession_created", { id: inserted.id, createdAt: now });
  return { confession: await toView(db, inserted, authorId), isNew: true };
}

async function asRetry(
  deps: ConfessionsDeps,
  row: ConfessionRow,
  authorId: string,
): Promise<PostedConfession> {
  // An id is one author's: someone else's id is a conflict, never a way to learn whose it is.
  if (row.authorId !== authorId) throw new AppError("conflict", CONFESSION_ERROR_MESSAGES.idConflict);
  return { confession: await toView(deps.db, row, authorId), isNew: false };
}
