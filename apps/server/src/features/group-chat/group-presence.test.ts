import type { GroupOnlineUser, GroupPresence as GroupPresenceData } from "@heartline/shared";
import { applyGroupPeopleDelta } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { GroupPeopleList, pageDelta } from "./group-people-list";
import { toOnlineUser } from "./group-presence";

const member = (userId: string, status: "online" | "away", inGroup = true) => ({
  rooms: new Set(inGroup ? ["group", `user:${userId}`] : [`user:${userId}`]),
  data: {
    userId,
    group: { username: userId, gender: null, profileImage: null, isGuest: true, status } as GroupPresenceData,
  } as Parameters<typeof toOnlineUser>[1] extends Iterable<infer S>
    ? S extends { data: infer D }
      ? D
      : never
    : never,
});

const person = (username: string, status: "online" | "away" = "online"): GroupOnlineUser => ({
  userId: `id-${username}`,
  username,
  gender: null,
  profileImage: null,
  status,
  isGuest: true,
});

describe("the group's people list (spec §4 Presence)", () => {
  it("makes one entry per user: online if any of their sockets is, away only if all are", () => {
    expect(toOnlineUser("ann", [member("ann", "away"), member("ann", "online")])?.status).toBe("online");
    expect(toOnlineUser("bo", [member("bo", "away")])?.status).toBe("away");
  });

  it("leaves out sockets that are not in the room or carry no group data", () => {
    const noData = { rooms: new Set(["group"]), data: { userId: "dee", group: null } as never };
    expect(toOnlineUser("dee", [noData])).toBeNull();
    expect(toOnlineUser("eve", [member("eve", "online", false)])).toBeNull();
  });

  it("keeps people sorted online first, then by name, and counts them", () => {
    const list = new GroupPeopleList();
    for (const name of ["mia", "Bea", "zed", "al"]) list.set(`id-${name}`, person(name));
    list.set("id-Bea", person("Bea", "away"));
    expect(list.page(0, 10).map((user) => user.username)).toEqual(["al", "mia", "zed", "Bea"]);
    expect(list.counts()).toEqual({ online: 3, away: 1 });
    list.set("id-mia", null);
    expect(list.page(0, 10).map((user) => user.username)).toEqual(["al", "zed", "Bea"]);
    expect(list.counts()).toEqual({ online: 2, away: 1 });
  });

  it("keeps an unchanged entry (and the page) as it was, so nothing is pushed for it", () => {
    const list = new GroupPeopleList();
    list.set("id-al", person("al"));
    const page = list.page(0, 5);
    const version = list.version;
    list.set("id-al", person("al"));
    expect(list.version).toBe(version);
    expect(list.page(0, 5)).toBe(page);
  });

  it("sends a page only what changed inside it, and the browser's rule rebuilds the page from it", () => {
    const list = new GroupPeopleList();
    for (const name of ["b", "d", "f", "h", "j"]) list.set(`id-${name}`, person(name));
    const shown = list.page(0, 3);
    // Outside the page: nothing for it.
    list.set("id-k", person("k"));
    expect(pageDelta(shown, list.page(0, 3))).toBeNull();
    // Inside: one upsert (the last one falls off on the client), then a leave pulls the next one in.
    list.set("id-a", person("a"));
    list.set("id-d", null);
    const next = list.page(0, 3);
    const delta = pageDelta(shown, next);
    expect(delta).toEqual({ upserts: [person("a")], removals: ["id-d"] });
    expect(applyGroupPeopleDelta(shown, delta ?? { upserts: [], removals: [] }, 3)).toEqual(next);
  });
});
