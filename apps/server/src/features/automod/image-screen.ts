import { randomUUID } from "node:crypto";
import {
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_IMAGE_RULE_NAME,
  type AutomodImageSurface,
  automodImageMessage,
} from "@heartline/shared";
import { automodBlocks, type ImageDecision } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport } from "./file-flag";
import { explicitScore, IMAGE_MODEL_VERSION } from "./image-classifier";
import { recordHit } from "./strikes";

/** Where an image is uploaded: the group room, a direct message, a profile picture or a banner. */
export type ImageSurface = "group" | "dm" | "profile" | "banner";

export interface ImageVerdict {
  decision: ImageDecision;
  /** nsfwjs's porn + hentai (0..1); null when the classifier gave no answer. */
  score: number | null;
  modelVersion: string;
}

export interface ScreenImageInput {
  surface: ImageSurface;
  userId: string;
  /** The image as it will be stored (after the upload pipeline re-encoded it). */
  image: Uint8Array;
  /** Its frame count (an animated GIF's); every frame is screened. */
  frames?: number;
}

/**
 * Every uploaded image passes the nudity classifier (issue #15). At or above the threshold it is
 * refused in the group room and as a picture or banner (an automatic flag is filed with the score),
 * and blurred in a direct message (flagged once the message is sent, `flagBlurredImage`). A GIF is
 * judged by its most explicit frame (issue #33). When the
 * classifier fails or runs out of time the image goes through as `unchecked` (logged): an overloaded
 * machine must not stop every upload.
 */
export async function screenImage(deps: AutomodDeps, input: ScreenImageInput): Promise<ImageVerdict> {
  let score: number;
  try {
    const frames = input.frames ?? 1;
    score = explicitScore((await deps.images.classify(input.image, { frames })).scores);
  } catch (error) {
    deps.log.warn({ err: error, surface: input.surface }, "image not classified; let through unchecked");
    return { decision: "unchecked", score: null, modelVersion: IMAGE_MODEL_VERSION };
  }
  const verdict = { score, modelVersion: IMAGE_MODEL_VERSION };
  if (score < deps.imageThreshold) return { decision: "allowed", ...verdict };
  if (input.surface === "dm") return { decision: "blurred", ...verdict };
  await refuseImage(deps, { userId: input.userId, surface: input.surface, score });
  deps.onRefused("explicit-image");
  throw new AppError(AUTOMOD_BLOCKED_CODE, automodImageMessage());
}

/** The key prefix of a refused image's block row (the review request names the surface, not an id). */
export function refusedImageKeyPrefix(surface: AutomodImageSurface): string {
  return `image-${surface}:`;
}

/**
 * A refused image: the automatic flag, the block row a review request may name once (rule and score
 * only: the image itself is not kept, see docs/features/automod.md), and a hit.
 */
async function refuseImage(
  deps: AutomodDeps,
  input: { userId: string; surface: AutomodImageSurface; score: number },
): Promise<void> {
  const content = `(${SURFACE_LABELS[input.surface]} refused and not stored)`;
  const matched = scoreText(input.score, deps.imageThreshold);
  const at = deps.clock();
  await fileAutomaticReport(deps.db, {
    surface: "group",
    authorId: input.userId,
    messageId: null,
    content,
    type: "image",
    ruleName: AUTOMOD_IMAGE_RULE_NAME,
    matched,
    at,
  });
  await deps.db.insert(automodBlocks).values({
    messageId: `${refusedImageKeyPrefix(input.surface)}${randomUUID()}`,
    userId: input.userId,
    surface: "group",
    ruleName: AUTOMOD_IMAGE_RULE_NAME,
    matched,
    content,
    createdAt: new Date(at),
  });
  await recordHit(deps, { userId: input.userId, ruleName: AUTOMOD_IMAGE_RULE_NAME, surface: "group" });
}

/** A blurred direct-message image, once its message exists: the flag an admin can reverse. */
export async function flagBlurredImage(
  deps: AutomodDeps,
  input: { authorId: string; messageId: string; url: string; score: number | null; at: number },
): Promise<void> {
  await fileAutomaticReport(deps.db, {
    surface: "dm",
    authorId: input.authorId,
    messageId: input.messageId,
    content: input.url,
    type: "image",
    ruleName: AUTOMOD_IMAGE_RULE_NAME,
    matched: scoreText(input.score ?? 1, deps.imageThreshold),
    at: input.at,
    note: "Shown blurred to the receiver.",
  });
  await recordHit(deps, { userId: input.authorId, ruleName: AUTOMOD_IMAGE_RULE_NAME, surface: "dm" });
}

const SURFACE_LABELS: Record<AutomodImageSurface, string> = {
  group: "group room image",
  profile: "profile picture",
  banner: "banner",
};

function scoreText(score: number, threshold: number): string {
  return `explicit score ${score.toFixed(3)} ≥ ${threshold}`;
}

/** A verdict as the `uploads` row stores it (decision, score, model version). */
export function moderationColumns(verdict: ImageVerdict) {
  return {
    moderationDecision: verdict.decision,
    moderationScore: verdict.score,
    moderationModel: verdict.modelVersion,
  };
}
