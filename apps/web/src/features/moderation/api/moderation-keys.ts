/** TanStack Query keys of moderation (STYLE: key factories). */
export const moderationKeys = {
  all: ["moderation"] as const,
  bans: () => [...moderationKeys.all, "bans"] as const,
  mutes: () => [...moderationKeys.all, "mutes"] as const,
  reports: (status: "open" | "dismissed" | "actioned") => [...moderationKeys.all, "reports", status] as const,
  /** The queue grouped by reported user, as pages (`useInfiniteQuery`). */
  reportTargets: (status: "open" | "dismissed" | "actioned") =>
    [...moderationKeys.all, "report-targets", status] as const,
};
