/** TanStack Query keys of moderation (STYLE: key factories). */
export const moderationKeys = {
  all: ["moderation"] as const,
  bans: () => [...moderationKeys.all, "bans"] as const,
  mutes: () => [...moderationKeys.all, "mutes"] as const,
  reports: (status: "open" | "dismissed" | "actioned") => [...moderationKeys.all, "reports", status] as const,
};
