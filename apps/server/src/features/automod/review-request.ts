import { createHash } from "node:crypto";
import {
  AUTOMOD_MESSAGES,
  AUTOMOD_REVIEW_REASON,
  type AutomodImageSurface,
  type AutomodReviewInput,
} from "@heartline/shared";
import { and, desc, eq, gt, inArray, like } from "drizzle-orm";
import { automodBlocks, automodReviews } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport } from "./file-flag";
import { refusedImageKeyPrefix } from "./image-screen";

/** How long after its refusal an image can be sent for review (the refusal shows the button). */
const IMAGE_REVIEW_WINDOW_MS = 24 * 60 * 60 * 1_000;

type BlockRow = typeof automodBlocks.$inferSelect;
type ReviewDeps = Pick<AutomodDeps, "db" | "clock" | "reviewLimiters">;

export interface RequestReviewOptions {
  deps: ReviewDeps;
  userId: string;
  input: AutomodReviewInput;
  /** The asker's browser (device id cookie) and address, each with its own limit when known. */
  deviceId?: string | null;
  ip?: string | null;
}

/**
 * The claim that makes a text one item however many ids it was sent under: the same words blocked in
 * the same place get one review (issue #33: one account sent a slur 47 times and asked 47 times).
 */
function sameTextClaim(blocked: BlockRow): string {
  const digest = createHash("sha256").update(`${blocked.surface}\n${blocked.content}`).digest("hex");
  return `same-text:${digest}`;
}

/**
 * A user asks the moderators to look at a message AutoMod blocked, or at an image it refused (issue
 * #15: once each; the same text sent again under a new id is the same item). The queue gets what the
 * server kept (the text; for an image its rule and score), never what the client sends now. Limited
 * like reports (issue #33): per user, per browser, per address, counted on every node together.
 */
export async function requestReview(options: RequestReviewOptions): Promise<{ reportId: string }> {
  const { deps, userId, input } = options;
  const limits = deps.reviewLimiters;
  await consumeOrThrow(limits.perUser, userId, AUTOMOD_MESSAGES.tooManyReviews);
  if (options.deviceId)
    await consumeOrThrow(limits.perDevice, options.deviceId, AUTOMOD_MESSAGES.tooManyReviews);
  if (options.ip) await consumeOrThrow(limits.perIp, options.ip, AUTOMOD_MESSAGES.tooManyReviews);
  const isImage = input.image !== undefined;
  const blocked = input.image
    ? await latestRefusedImage(deps, userId, input.image)
    : await blockedMessage(deps, userId, input.messageId ?? "");
  const claims = isImage ? [blocked.messageId] : [blocked.messageId, sameTextClaim(blocked)];
  return deps.db.transaction(async (tx) => {
    // Both claims or none: a refusal throws, and the transaction takes back the one that was made.
    const claimed = await tx
      .insert(automodReviews)
      .values(
        claims.map((messageId) => ({ messageId, userId, reportId: "00000000-0000-0000-0000-000000000000" })),
      )
      .onConflictDoNothing()
      .returning();
    if (claimed.length < claims.length) {
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
      .where(and(inArray(automodReviews.messageId, claims), eq(automodReviews.userId, userId)));
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
