import { describe, expect, it } from "vitest";
import { mutedIdsOf } from "./group-room-state";

const MUTE = { mutedAt: 1, mutedBy: "Mod", reason: null, expiresAt: null };

describe("mutedIdsOf (issue #33: the muted list is the admins')", () => {
  it("marks everyone an admin's list holds", () => {
    const room = {
      mutedUsers: [
        { userId: "u1", username: "One", mutedAt: 1 },
        { userId: "u2", username: "Two", mutedAt: 2 },
      ],
      mute: null,
    };
    expect([...mutedIdsOf(room, "admin")]).toEqual(["u1", "u2"]);
  });

  it("shows a member their own mute, with an empty list from the server", () => {
    expect([...mutedIdsOf({ mutedUsers: [], mute: MUTE }, "me")]).toEqual(["me"]);
    expect([...mutedIdsOf({ mutedUsers: [], mute: null }, "me")]).toEqual([]);
  });

  it("marks nobody for a signed-out page", () => {
    expect([...mutedIdsOf({ mutedUsers: [], mute: MUTE }, "")]).toEqual([]);
  });
});
