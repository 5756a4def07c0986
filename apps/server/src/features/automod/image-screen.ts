import { AUTOMOD_BLOCKED_CODE, AUTOMOD_IMAGE_RULE_NAME, automodImageMessage } from "@heartline/shared";
import type { ImageDecision } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport } from "./file-flag";
import { IMAGE_MODEL_VERSION } from "./image-classifier";

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
}

/** The classes that count as explicit; `Sexy` (swimwear, underwear) and `Drawing` do not. */
export function explicitScore(scores: Record<string, number>): number {
  return Math.min(1, (scores.Porn ?? 0) + (scores.Hentai ?? 0));
}

/**
 * Every uploaded image passes the nudity classifier (issue #15). At or above the threshold it is
 * refused in the group room and as a picture or banner (an automatic flag is filed with the score),
 * and blurred in a direct message (flagged once the message is sent, `flagBlurredImage`). When the
 * classifier fails or runs out of time the image goes through as `unchecked` (logged): an overloaded
 * machine must not stop every upload.
 */
export async function screenImage(deps: AutomodDeps, input: ScreenImageInput): Promise<ImageVerdict> {
  let score: number;
  try {
    score = explicitScore((await deps.images.classify(input.image)).scores);
  } catch (error) {
    deps.log.warn({ err: error, surface: input.surface }, "image not classified; let through unchecked");
    return { decision: "unchecked", score: null, modelVersion: IMAGE_MODEL_VERSION };
  }
  const verdict = { score, modelVersion: IMAGE_MODEL_VERSION };
  if (score < deps.imageThreshold) return { decision: "allowed", ...verdict };
  if (input.surface === "dm") return { decision: "blurred", ...verdict };
  await fileAutomaticReport(deps.db, {
    surface: "group",
    authorId: input.userId,
    messageId: null,
    content: `(${SURFACE_LABELS[input.surface]} refused and not stored)`,
    type: "image",
    ruleName: AUTOMOD_IMAGE_RULE_NAME,
    matched: scoreText(score, deps.imageThreshold),
    at: deps.clock(),
  });
  throw new AppError(AUTOMOD_BLOCKED_CODE, automodImageMessage());
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
}

const SURFACE_LABELS: Record<Exclude<ImageSurface, "dm">, string> = {
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
