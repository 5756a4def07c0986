import {
  type AdminMuteRecord,
  type AdminReportRecord,
  type AdminReportTargetPage,
  AUTOMOD_PATHS,
  type BannedUserRecord,
  type BanResult,
  type BanUserInput,
  MODERATION_PATHS,
  type MuteResult,
  type MuteUserInput,
  type ReportActionInput,
} from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/** The admin HTTP calls (ARCHITECTURE §6 `/api/admin/*`); the server answers 403 to non-admins. */
export const adminApi = {
  bans: () => apiRequest<{ bans: BannedUserRecord[] }>(MODERATION_PATHS.adminBans),
  ban: (input: BanUserInput) =>
    apiRequest<BanResult>(MODERATION_PATHS.adminBans, { method: "POST", json: input }),
  unban: (userId: string) =>
    apiRequest<{ removed: boolean }>(MODERATION_PATHS.adminBanById(userId), { method: "DELETE" }),
  mutes: () => apiRequest<{ mutes: AdminMuteRecord[] }>(MODERATION_PATHS.adminMutes),
  mute: (input: MuteUserInput) =>
    apiRequest<MuteResult>(MODERATION_PATHS.adminMutes, { method: "POST", json: input }),
  unmute: (userId: string) =>
    apiRequest<{ removed: boolean }>(MODERATION_PATHS.adminMute(userId), { method: "DELETE" }),
  reports: (status: AdminReportRecord["status"] = "open") =>
    apiRequest<{ reports: AdminReportRecord[] }>(`${MODERATION_PATHS.adminReports}?status=${status}`),
  reportTargets: (options: {
    status?: AdminReportRecord["status"];
    cursor?: string | null;
    baseUrl?: string;
  }) => {
    const query = new URLSearchParams({ status: options.status ?? "open" });
    if (options.cursor) query.set("cursor", options.cursor);
    return apiRequest<AdminReportTargetPage>(`${MODERATION_PATHS.adminReportTargets}?${query}`, {
      ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    });
  },
  dismissReport: (id: string) =>
    apiRequest<{ report: AdminReportRecord }>(MODERATION_PATHS.adminReportDismiss(id), {
      method: "POST",
      json: {},
    }),
  /** Issue #15: an automatic flag's blurred direct-message image is allowed (un-blurred). */
  allowFlaggedImage: (id: string) =>
    apiRequest<{ allowed: true }>(AUTOMOD_PATHS.adminAllowImage(id), { method: "POST", json: {} }),
  actOnReport: (id: string, input: ReportActionInput) =>
    apiRequest<{ report: AdminReportRecord }>(MODERATION_PATHS.adminReportAction(id), {
      method: "POST",
      json: input,
    }),
  deleteGroupMessage: (id: string) =>
    apiRequest<{ deleted: boolean }>(MODERATION_PATHS.adminGroupMessage(id), { method: "DELETE" }),
};
