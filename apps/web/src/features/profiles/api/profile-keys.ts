/**
 * TanStack Query keys of the profiles feature (STYLE: key factories). The signed-in user's own
 * account lives under the accounts feature's `sessionKeys.current`, which the dashboard edits.
 */
export const profileKeys = {
  all: ["profiles"] as const,
  /** A public profile (GET /api/users/:id). */
  detail: (id: string) => [...profileKeys.all, "detail", id] as const,
};
