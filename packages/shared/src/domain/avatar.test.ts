import { describe, expect, it } from "vitest";
import {
  AVATAR_SIZES,
  avatarFallbackInitial,
  BUILT_IN_AVATAR_IDS,
  builtInAvatarNumber,
  GENDER_COLOURS,
  genderColour,
  isBuiltInAvatar,
} from "./avatar";

describe("built-in avatars (spec §3)", () => {
  it("are avatar-1 to avatar-4", () => {
    expect(BUILT_IN_AVATAR_IDS).toEqual(["avatar-1", "avatar-2", "avatar-3", "avatar-4"]);
  });

  it("recognise avatar-{digits} and nothing else", () => {
    expect(isBuiltInAvatar("avatar-1")).toBe(true);
    expect(isBuiltInAvatar("avatar-12")).toBe(true);
    for (const value of [
      "avatar-",
      "avatar-x",
      "Avatar-1",
      "avatar-1.png",
      "/uploads/avatar-1",
      "",
      null,
      3,
    ]) {
      expect(isBuiltInAvatar(value)).toBe(false);
    }
  });

  it("read the avatar number", () => {
    expect(builtInAvatarNumber("avatar-3")).toBe(3);
    expect(builtInAvatarNumber("https://x/y.png")).toBeNull();
    expect(builtInAvatarNumber(undefined)).toBeNull();
  });
});

describe("avatarFallbackInitial (spec §3)", () => {
  it("shows the first letter uppercased, or ? without a username", () => {
    expect(avatarFallbackInitial("maya")).toBe("M");
    expect(avatarFallbackInitial("  alex")).toBe("A");
    expect(avatarFallbackInitial("_owl")).toBe("_");
    expect(avatarFallbackInitial("😀smile")).toBe("😀");
    expect(avatarFallbackInitial("")).toBe("?");
    expect(avatarFallbackInitial("   ")).toBe("?");
    expect(avatarFallbackInitial(null)).toBe("?");
    expect(avatarFallbackInitial(undefined)).toBe("?");
  });
});

describe("sizes and gender colours", () => {
  it("size xs–xl in pixels", () => {
    expect(AVATAR_SIZES).toEqual({ xs: 24, sm: 32, md: 40, lg: 56, xl: 96 });
  });

  it("female pink, male blue, other purple, prefer-not-to-say grey (spec §3)", () => {
    expect(genderColour("female").name).toBe("pink");
    expect(genderColour("male").name).toBe("blue");
    expect(genderColour("other").name).toBe("purple");
    expect(genderColour("prefer-not-to-say").name).toBe("grey");
  });

  it("unknown or missing genders are grey", () => {
    for (const value of [undefined, null, "", "any", "toString"]) {
      expect(genderColour(value)).toBe(GENDER_COLOURS["prefer-not-to-say"]);
    }
  });

  it("every colour has light and dark hexes and dark-mode classes", () => {
    for (const colour of Object.values(GENDER_COLOURS)) {
      expect(colour.light).toMatch(/^#[0-9a-f]{6}$/);
      expect(colour.dark).toMatch(/^#[0-9a-f]{6}$/);
      expect(colour.textClass).toMatch(/^text-\S+ dark:text-\S+$/);
      expect(colour.ringClass).toMatch(/^ring-\S+ dark:ring-\S+$/);
    }
  });
});
