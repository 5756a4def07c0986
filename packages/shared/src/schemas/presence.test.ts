import { describe, expect, it } from "vitest";
import {
  pageViewSchema,
  presenceStatusSchema,
  updateOnlineStatusSchema,
  updateRouteSchema,
} from "./presence";

describe("presence schemas (spec §7)", () => {
  it("accept a pathname and refuse anything else as a route", () => {
    expect(updateRouteSchema.safeParse("/group-chat/dm/abc").success).toBe(true);
    for (const bad of ["group-chat", "/a b", "/<script>", `/${"a".repeat(200)}`, 3]) {
      expect(updateRouteSchema.safeParse(bad).success).toBe(false);
    }
    expect(pageViewSchema.safeParse({ path: "/" }).success).toBe(true);
  });

  it("accept the three statuses", () => {
    expect(presenceStatusSchema.options).toEqual(["online", "away", "offline"]);
  });

  it("validate update_online_status", () => {
    const payload = { username: "owl", isOnline: true, isAway: false, lastActive: 1 };
    expect(updateOnlineStatusSchema.safeParse(payload).success).toBe(true);
    expect(updateOnlineStatusSchema.safeParse({ ...payload, lastActive: -1 }).success).toBe(false);
  });
});
