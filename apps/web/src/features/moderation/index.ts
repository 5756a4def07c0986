/** The moderation feature's public entry: what the group chat needs of bans, mutes and reports. */
export { useDeleteGroupMessage } from "./api/group-messages";
export { type ReportTarget, ReportUserDialog } from "./components/report-user-dialog";
export { BAN_STATUS_TOAST_ID, ensureBanWatch } from "./hooks/ban-watch";
export { useBanGate } from "./hooks/use-ban-gate";
export { useBanStore } from "./state/ban-store";
