import {
  AUTOMOD_REPEAT_REASON,
  AUTOMOD_REPEAT_RULE_NAME,
  AUTOMOD_STRIKES,
  automodMuteReason,
} from "@heartline/shared";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport, type MessageSurface } from "./file-flag";

export interface AutomodHit {
  userId: string;
  ruleName: string;
  /** Where the hit happened (the automatic mute's report is filed there). */
  surface: MessageSurface;
}

/**
 * One AutoMod hit (a block or a flag, text or image) counted per user in a window shared by every node
 * (issue #15). The hit that reaches `AUTOMOD_STRIKES.hits` applies a short automatic mute through
 * moderation (never a ban) and files a report that raises the user in the admin queue. A failure here
 * is logged and never turns the refusal the user is about to get into an internal error.
 */
export async function recordHit(deps: AutomodDeps, hit: AutomodHit): Promise<void> {
  try {
    await deps.hitLimiter.consume(hit.userId);
    return;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) {
      deps.log.warn({ err: error }, "AutoMod hit not counted");
      return;
    }
  }
  try {
    const muted = await deps.mute({
      userId: hit.userId,
      reason: automodMuteReason(hit.ruleName),
      minutes: AUTOMOD_STRIKES.muteMinutes,
    });
    if (!muted) return;
    await fileAutomaticReport(deps.db, {
      surface: hit.surface,
      authorId: hit.userId,
      messageId: null,
      content: `(${AUTOMOD_STRIKES.hits} AutoMod hits within ${AUTOMOD_STRIKES.windowMinutes} minutes)`,
      ruleName: AUTOMOD_REPEAT_RULE_NAME,
      matched: hit.ruleName,
      at: deps.clock(),
      reason: AUTOMOD_REPEAT_REASON,
      note: `Muted automatically for ${AUTOMOD_STRIKES.muteMinutes} minutes; lift it under Mutes.`,
    });
  } catch (error) {
    deps.log.error({ err: error, userId: hit.userId }, "AutoMod automatic mute failed");
  }
}
