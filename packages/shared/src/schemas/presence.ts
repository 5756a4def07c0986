import { z } from "zod";
import { boundedString } from "./bounded-string";

/** Longest pathname `update_route` and page views accept. */
export const ROUTE_MAX_LENGTH = 200;

/** `update_route`: the client's current pathname. */
export const updateRouteSchema = boundedString(ROUTE_MAX_LENGTH).regex(
  /^\/[\w\-/.]*$/,
  "Route must be a path",
);
export type UpdateRouteInput = z.infer<typeof updateRouteSchema>;

/** `status:update` */
export const presenceStatusSchema = z.enum(["online", "away", "offline"]);

/** `update_online_status` (spec §7). */
export const updateOnlineStatusSchema = z.object({
  username: boundedString(40),
  isOnline: z.boolean(),
  isAway: z.boolean(),
  isRefreshing: z.boolean().optional(),
  lastActive: z.number().int().nonnegative(),
});
export type UpdateOnlineStatusInput = z.infer<typeof updateOnlineStatusSchema>;

/** `POST /api/analytics/page-view`: one page view, stored only as a daily count per path. */
export const pageViewSchema = z.object({ path: updateRouteSchema });
export type PageViewInput = z.infer<typeof pageViewSchema>;
