import type { AdminReportRecord, ReportAction } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "./admin-api";
import { moderationKeys } from "./moderation-keys";

/** What an admin decides about one report: dismiss it, or ban, mute or delete from it. */
export interface ReportDecision {
  report: AdminReportRecord;
  action: ReportAction | "dismiss";
}

/** Settles one report; every admin list is fetched again before the mutation counts as done. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, action }: ReportDecision) =>
      action === "dismiss" ? adminApi.dismissReport(report.id) : adminApi.actOnReport(report.id, { action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
