import type { ReportReason } from "../domain/random-chat-limits";
import type { BannedUserRecord, GroupMessage, MuteState } from "../events";

/**
 * The group chat and moderation HTTP contract (ARCHITECTURE §6): paths and response shapes shared by
 * the server routes and the web client. Bodies are parsed with the schemas of `schemas/group-chat.ts`.
 * Errors use the one shape `{ error: { code, message } }`. Every `/api/admin/*` route reads the
 * caller's role from the database and answers 403 `forbidden` to anyone but an admin.
 */
export const MODERATION_PATHS = {
  /** GET `?before=<seq>&limit=` → `GroupHistoryPage` (keyset, oldest first). Signed-in, not banned. */
  groupMessages: "/api/group/messages",
  /** POST multipart (field `file`) → `GroupImageUpload`; registered (non-guest) users only. */
  groupImages: "/api/group/images",
  /** GET → `ModerationMe` for the signed-in user (and this browser's device). */
  me: "/api/moderation/me",
  /** POST `CreateReportInput` → `{ reportId }` (the user-report modal). */
  reports: "/api/reports",
  /** GET → `{ bans: BannedUserRecord[] }` (latest 50 by time); POST `BanUserInput` → `BanResult`. */
  adminBans: "/api/admin/bans",
  /** DELETE → `{ removed: boolean }` (case-insensitive username). */
  adminBan: (username: string) => `/api/admin/bans/${encodeURIComponent(username)}`,
  /** DELETE → `{ removed: boolean }`: the ban of this user id (the admin's list). */
  adminBanById: (userId: string) => `/api/admin/bans/by-id/${encodeURIComponent(userId)}`,
  /** GET → `{ mutes: AdminMuteRecord[] }`; POST `MuteUserInput` → `MuteResult`. */
  adminMutes: "/api/admin/mutes",
  /** DELETE → `{ removed: boolean }`. */
  adminMute: (userId: string) => `/api/admin/mutes/${encodeURIComponent(userId)}`,
  /** GET `?status=open|dismissed|actioned` → `{ reports: AdminReportRecord[] }` (newest first). */
  adminReports: "/api/admin/reports",
  /** GET `?status=&cursor=&limit=` → `AdminReportTargetPage` (one row per reported user, keyset pages). */
  adminReportTargets: "/api/admin/reports/targets",
  /** DELETE → `{ deleted: boolean }`: the author deletes their own group message (and its image). */
  groupMessage: (id: string) => `/api/group/messages/${encodeURIComponent(id)}`,
  /** POST → `{ report: AdminReportRecord }`. */
  adminReportDismiss: (id: string) => `/api/admin/reports/${encodeURIComponent(id)}/dismiss`,
  /** POST `ReportActionInput` → `{ report: AdminReportRecord }` (bans, mutes or deletes, then marks it actioned). */
  adminReportAction: (id: string) => `/api/admin/reports/${encodeURIComponent(id)}/action`,
  /** DELETE → `{ deleted: boolean }`; everyone in the group gets `group_message_deleted`. */
  adminGroupMessage: (id: string) => `/api/admin/group/messages/${encodeURIComponent(id)}`,
} as const;

export interface GroupHistoryPage {
  messages: GroupMessage[];
  /** Older messages exist before `messages[0].seq`. */
  hasMore: boolean;
}

export interface GroupImageUpload {
  /** Under `/uploads/`; send it as the content of a `group_message` of this type. */
  url: string;
  type: "image" | "gif";
}

export interface ModerationMe {
  banned: boolean;
  mute: MuteState | null;
  isAdmin: boolean;
}

export interface BanResult {
  ban: BannedUserRecord;
  /** False when the user was already banned (spec §4: banning again does nothing). */
  created: boolean;
}

export interface AdminMuteRecord extends MuteState {
  userId: string;
  username: string;
}

export interface MuteResult {
  mute: AdminMuteRecord;
  created: boolean;
}

/**
 * What a report's person is (issue #38): an account (registered or guest), or a random-chat visitor
 * with none, whom Ban and Mute cannot act on.
 */
export type ReportPersonAccount = "registered" | "guest" | "none";

export interface AdminReportRecord {
  id: string;
  reporterId: string;
  reporterUsername: string | null;
  reporterAccount: ReportPersonAccount;
  targetId: string;
  targetUsername: string | null;
  targetAccount: ReportPersonAccount;
  context: "random-chat" | "group" | "dm" | "confession";
  reason: ReportReason | string;
  details: string | null;
  /** The id of the reported message, when one was chosen. */
  messageId: string | null;
  /** The reported messages as the server stored them at report time. */
  snapshot: ReportSnapshotMessage[];
  status: "open" | "dismissed" | "actioned";
  createdAt: number;
}

export interface ReportSnapshotMessage {
  id: string;
  content: string;
  senderId: string;
  timestamp: number;
  type: string;
}

/**
 * One row of the grouped report queue: everything reported about one user in a status, newest
 * first (`GET /api/admin/reports/targets`).
 */
export interface AdminReportTarget {
  targetId: string;
  targetUsername: string | null;
  /** What Ban and Mute would act on: this account, or nothing for a visitor without one. */
  targetAccount: ReportPersonAccount;
  /** How many reports in this status name this user. */
  count: number;
  /** How many of them AutoMod filed (its flags and automatic mutes, issue #15). */
  automaticHits: number;
  /**
   * Repeated AutoMod hits (at least `AUTOMOD_PRIORITY_HITS` flags, or an automatic mute): the row is
   * sorted above the others.
   */
  priority: boolean;
  newestAt: number;
  newestReason: ReportReason | string;
  /** The newest reports (at most `REPORT_TARGET_REPORTS_SHOWN`), each with its snapshot. */
  reports: AdminReportRecord[];
}

/** How many of one user's reports a queue row carries (the count says how many exist). */
export const REPORT_TARGET_REPORTS_SHOWN = 10;

export interface AdminReportTargetPage {
  targets: AdminReportTarget[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
