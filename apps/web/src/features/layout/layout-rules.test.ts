import { describe, expect, it } from "vitest";
import { layoutForPath } from "./layout-rules";

describe("layoutForPath (spec §2 layout rules)", () => {
  it.each([
    "/",
    "/about",
    "/leaderboard",
    "/settings",
    "/talk-to-random-girls",
    "/chatroom",
    "/group-chatter",
  ])("%s gets a sticky top bar and the footer", (path) => {
    expect(layoutForPath(path)).toEqual({ topBar: "sticky", hasFooter: true });
  });

  it("/chat gets a top bar hidden on small screens and no footer", () => {
    expect(layoutForPath("/chat")).toEqual({ topBar: "desktop-only", hasFooter: false });
  });

  it.each(["/group-chat", "/group-chat/friends", "/group-chat/dm/abc123", "/group-chat/admin"])(
    "%s has neither top bar nor footer",
    (path) => {
      expect(layoutForPath(path)).toEqual({ topBar: "none", hasFooter: false });
    },
  );
});
