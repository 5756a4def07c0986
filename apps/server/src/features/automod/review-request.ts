import {
  AUTOMOD_MESSAGES,
  AUTOMOD_REVIEW_REASON,
  type AutomodImageSurface,
  type AutomodReviewInput,
} from "@heartline/shared";
import { and, desc, eq, gt, like } from "drizzle-orm";
import { automodBlocks, automodReviews } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport } from "./file-flag";
import { refusedImageKeyPrefix } from "./image-screen";

/** How long after its refusal an image can be sent for review (the refusal shows the button). */
const IMAGE_REVIEW_WINDOW_MS = 24 * 60 * 60 * 1_000;

type BlockRow = typeof automodBlocks.$inferSelect;
type ReviewDeps = Pick<AutomodDeps, "db" | "clock">;

/**
 * A user asks the moderators to look at a message AutoMod blocked, or at an image it refused (issue
 * #15: once each). The queue gets what the server kept (the text; for an image its rule and score),
 * never what the client sends now.
 */
export async function requestReview(options: {
  deps: ReviewDeps;
  userId: string;
  input: AutomodReviewInput;
}): Promise<{ reportId: string }> {
  const { deps, userId, input } = options;
  const isImage = input.image !== undefined;
  const blocked = input.image
    ? await latestRefusedImage(deps, userId, input.image)
    : await blockedMessage(deps, userId, input.messageId ?? "");
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(automodReviews)
      .values({ messageId: blocked.messageId, userId, reportId: "00000000-0000-0000-0000-000000000000" })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      throw new AppError(
        "conflict",
        isImage ? AUTOMOD_MESSAGES.imageReviewAlreadyRequested : AUTOMOD_MESSAGES.reviewAlreadyRequested,
      );
    }
    const reportId = await fileAutomaticReport(tx, {
      surface: blocked.surface === "username" ? "group" : blocked.surface,
      authorId: userId,
      messageId: isImage ? null : blocked.messageId,
      content: blocked.content,
      type: isImage ? "image" : "text",
      ruleName: blocked.ruleName,
      matched: blocked.matched,
      at: deps.clock(),
      reason: AUTOMOD_REVIEW_REASON,
      reporterId: userId,
      note: isImage
        ? "The uploader asks for a review of this refused image (not kept: judge by the rule and score)."
        : "The sender asks for a review of this blocked message.",
    });
    await tx
      .update(automodReviews)
      .set({ reportId })
      .where(and(eq(automodReviews.messageId, blocked.messageId), eq(automodReviews.userId, userId)));
    return { reportId };
  });
}

async function blockedMessage(deps: ReviewDeps, userId: string, messageId: string): Promise<BlockRow> {
  const [blocked] = await deps.db
    .select()
    .from(automodBlocks)
    .where(and(eq(automodBlocks.messageId, messageId), eq(automodBlocks.userId, userId)));
  if (!blocked) throw new AppError("not_found", AUTOMOD_MESSAGES.reviewNotBlocked);
  return blocked;
}

/** The user's latest image AutoMod refused on that surface in the last day. */
async function latestRefusedImage(
  deps: ReviewDeps,
  userId: string,
  surface: AutomodImageSurface,
): Promise<BlockRow> {
  const [blocked] = await deps.db
    .select()
    .from(automodBlocks)
    .where(
      and(
        eq(automodBlocks.userId, userId),
        like(automodBlocks.messageId, `${refusedImageKeyPrefix(surface)}%`),
        gt(automodBlocks.createdAt, new Date(deps.clock() - IMAGE_REVIEW_WINDOW_MS)),
      ),
    )
    .orderBy(desc(automodBlocks.createdAt))
    .limit(1);
  if (!blocked) throw new AppError("not_found", AUTOMOD_MESSAGES.imageReviewNotRefused);
  return blocked;
}
