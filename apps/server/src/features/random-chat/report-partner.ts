import { reportPartnerSchema } from "@heartline/shared";
import { RateLimiterRes } from "rate-limiter-flexible";
import { reports } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { RandomChatDeps } from "./random-chat-deps";

/** A reported pair never meets again in the random chat (issue 4), for as long as this lasts. */
export const REPORT_EXCLUSION_MS = 30 * 24 * 60 * 60_000;
export const NOBODY_TO_REPORT_MESSAGE = "There is no partner to report.";
export const TOO_MANY_REPORTS_MESSAGE = "You have sent too many reports. Please try again later.";

export interface ReportPartnerOptions {
  deps: RandomChatDeps;
  userId: string;
  /** Unparsed: whatever the client sent. */
  payload: unknown;
}

/**
 * `report_partner` (the user-report modal, spec §2): stores a `reports` row for the moderators with
 * the last messages of the chat as the server saw them, never as the reporter claims them. Works
 * during the chat and for a while after the partner left (`ENDED_PAIR_KEEP_MS`).
 */
export async function reportPartner({
  deps,
  userId,
  payload,
}: ReportPartnerOptions): Promise<{ reportId: string }> {
  const input = reportPartnerSchema.parse(payload);
  const pair = (await deps.pairs.byUser(userId)) ?? (await deps.pairs.lastEnded(userId));
  const target = pair?.members.find((member) => member.userId !== userId);
  if (!pair || !target) throw new AppError("not_found", NOBODY_TO_REPORT_MESSAGE);
  try {
    await deps.reportLimiter.consume(userId);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError("rate_limited", TOO_MANY_REPORTS_MESSAGE);
    throw error;
  }

  const snapshot = await deps.pairs.messages(pair.roomId);
  const [row] = await deps.db
    .insert(reports)
    .values({
      reporterId: userId,
      targetId: target.userId,
      context: "random-chat",
      reason: input.reason,
      details: input.details || null,
      snapshot,
    })
    .returning({ id: reports.id });
  if (!row) throw new Error("the report was not stored");
  if (!target.isAI) await deps.queue.exclude(userId, target.userId, REPORT_EXCLUSION_MS);
  return { reportId: row.id };
}
