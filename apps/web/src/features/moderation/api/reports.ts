import type { AdminReportRecord, ReportAction } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "./admin-api";
import { moderationKeys } from "./moderation-keys";

/**
 * What an admin can do from one report: ban, mute or delete from it, or (issue #15) allow the image of
 * an automatic flag, which un-blurs a direct-message image.
 */
export type ReportQueueAction = ReportAction | "allow-image";

/** What an admin decides about one report: dismiss it, or act on it. */
export interface ReportDecision {
  report: AdminReportRecord;
  action: ReportQueueAction | "dismiss";
}

function decideOne({ report, action }: ReportDecision): Promise<unknown> {
  if (action === "dismiss") return adminApi.dismissReport(report.id);
  if (action === "allow-image") return adminApi.allowFlaggedImage(report.id);
  return adminApi.actOnReport(report.id, { action });
}

/** Settles one report; every admin list is fetched again before the mutation counts as done. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOne,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
