import { reportPartnerSchema, SERVER_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import type { RandomChatDeps } from "./random-chat-deps";

/** A reported pair never meets again in the random chat (issue 4), for as long as this lasts. */
export const REPORT_EXCLUSION_MS = 30 * 24 * 60 * 60_000;

export interface ReportPartnerOptions {
  deps: RandomChatDeps;
  userId: string;
  /** The reporter's browser and address: reports are limited per browser and per address too. */
  deviceId?: string | null | undefined;
  ip?: string | undefined;
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
  deviceId,
  ip,
  payload,
}: ReportPartnerOptions): Promise<{ reportId: string }> {
  const input = reportPartnerSchema.parse(payload);
  const pair = (await deps.pairs.byUser(userId)) ?? (await deps.pairs.lastEnded(userId));
  const target = pair?.members.find((member) => member.userId !== userId);
  if (!pair || !target) throw new AppError("not_found", SERVER_MESSAGES.nobodyToReport);
  const report = await deps.moderation.fileReport({
    reporterId: userId,
    targetId: target.userId,
    context: "random-chat",
    reason: input.reason,
    details: input.details,
    deviceId,
    ip,
    // The last messages of the chat as the server saw them, never as the reporter claims them.
    snapshot: () => deps.pairs.messages(pair.roomId),
  });
  if (!target.isAI) await deps.queue.exclude(userId, target.userId, REPORT_EXCLUSION_MS);
  return report;
}
