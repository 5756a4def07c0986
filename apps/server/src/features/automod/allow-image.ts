import { AUTOMOD_FLAG_REASON, AUTOMOD_MESSAGES } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { directMessages, reports, uploads } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { AutomodDeps } from "./automod-deps";

/**
 * An admin reverses an automatic image flag (issue #15): the blurred direct-message image becomes an
 * ordinary one (`allowed` on its upload, no longer `sensitive`) and the flag is closed as actioned.
 * The receiver sees it unblurred the next time the conversation loads.
 */
export async function allowFlaggedImage(
  deps: Pick<AutomodDeps, "db">,
  reportId: string,
): Promise<{ allowed: true }> {
  if (!/^[0-9a-f-]{36}$/i.test(reportId)) throw new AppError("not_found", AUTOMOD_MESSAGES.imageFlagNotFound);
  const [report] = await deps.db.select().from(reports).where(eq(reports.id, reportId));
  const messageId = report?.messageId;
  const isImageFlag =
    report?.reason === AUTOMOD_FLAG_REASON && report.context === "dm" && report.snapshot[0]?.type === "image";
  if (!messageId || !isImageFlag) throw new AppError("not_found", AUTOMOD_MESSAGES.imageFlagNotFound);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(uploads)
      .set({ moderationDecision: "allowed" })
      .where(and(eq(uploads.messageId, messageId), eq(uploads.kind, "dm")));
    await tx.update(directMessages).set({ sensitive: false }).where(eq(directMessages.id, messageId));
    await tx.update(reports).set({ status: "actioned" }).where(eq(reports.id, reportId));
  });
  return { allowed: true };
}
