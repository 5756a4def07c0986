/** TanStack Query keys of the presence feature (STYLE: key factories). */
export const presenceKeys = {
  all: ["presence"] as const,
  onlineCount: () => [...presenceKeys.all, "online-count"] as const,
};
