import { AUTOMOD_MESSAGES, AUTOMOD_REVIEW_REASON } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { automodBlocks, automodReviews } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport } from "./file-flag";

/**
 * A user asks the moderators to look at a message AutoMod blocked (issue #15: once per message). The
 * queue gets the text the server kept, never what the client sends now.
 */
export async function requestReview(options: {
  deps: Pick<AutomodDeps, "db" | "clock">;
  userId: string;
  messageId: string;
}): Promise<{ reportId: string }> {
  const { deps, userId, messageId } = options;
  const [blocked] = await deps.db
    .select()
    .from(automodBlocks)
    .where(and(eq(automodBlocks.messageId, messageId), eq(automodBlocks.userId, userId)));
  if (!blocked) throw new AppError("not_found", AUTOMOD_MESSAGES.reviewNotBlocked);
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(automodReviews)
      .values({ messageId, userId, reportId: "00000000-0000-0000-0000-000000000000" })
      .onConflictDoNothing()
      .returning();
    if (!claimed) throw new AppError("conflict", AUTOMOD_MESSAGES.reviewAlreadyRequested);
    const reportId = await fileAutomaticReport(tx, {
      surface: blocked.surface === "username" ? "group" : blocked.surface,
      authorId: userId,
      messageId,
      content: blocked.content,
      ruleName: blocked.ruleName,
      matched: blocked.matched,
      at: deps.clock(),
      reason: AUTOMOD_REVIEW_REASON,
      reporterId: userId,
      note: "The sender asks for a review of this blocked message.",
    });
    await tx
      .update(automodReviews)
      .set({ reportId })
      .where(and(eq(automodReviews.messageId, messageId), eq(automodReviews.userId, userId)));
    return { reportId };
  });
}
