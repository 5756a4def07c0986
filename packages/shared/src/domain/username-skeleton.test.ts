import { describe, expect, it } from "vitest";
import { isReservedUsername, SKELETON_FROM, SKELETON_TO, usernameSkeleton } from "./username-skeleton";

describe("usernameSkeleton", () => {
  it("folds case, separators, look-alike digits and letter pairs", () => {
    expect(usernameSkeleton("John_Doe")).toBe("johndoe");
    expect(usernameSkeleton("j0hn-d0e")).toBe("johndoe");
    expect(usernameSkeleton("Ian")).toBe(usernameSkeleton("lan"));
    expect(usernameSkeleton("rnary")).toBe(usernameSkeleton("mary"));
    expect(usernameSkeleton("vvill")).toBe(usernameSkeleton("will"));
    expect(usernameSkeleton("alice")).not.toBe(usernameSkeleton("alina"));
    // Digits that do not read as one letter stay apart ('user6' is not 'user8').
    expect(usernameSkeleton("user6")).not.toBe(usernameSkeleton("user8"));
    expect(usernameSkeleton("Guest_2")).not.toBe(usernameSkeleton("Guest_9"));
  });

  it("maps each confusable character to one letter", () => {
    expect(SKELETON_FROM.length).toBe(SKELETON_TO.length);
  });
});

describe("isReservedUsername", () => {
  it.each([
    "admin",
    "Admin",
    "ADM1N",
    "4dmin",
    "a-d-m-i-n",
    "moderator",
    "m0d",
    "st4ff",
    "Support",
    "system",
    "official",
    "heartline",
    "HeartLine_Team",
    "my-heartline",
    "admin_2",
    "support99",
    "m0derator99",
  ])("refuses %s", (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each([
    "alice",
    "model",
    "modern",
    "staffordshire",
    "supporter",
    "systems_fan",
    "jonny_b",
    "helper",
    "Guest_12",
    "Mod_Admin",
    "badminton",
  ])("allows %s", (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });
});
