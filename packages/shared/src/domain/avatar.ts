import { BUILT_IN_AVATAR_COUNT } from "../constants";
import type { Gender } from "./gender";

/** spec §3 Avatars: four built-in avatars with ids 1 to 4, stored as `avatar-{n}`. */
export const BUILT_IN_AVATAR_IDS = Array.from(
  { length: BUILT_IN_AVATAR_COUNT },
  (_, i) => `avatar-${i + 1}`,
) as readonly string[];

const BUILT_IN_AVATAR_PATTERN = /^avatar-(\d+)$/;

/** spec §3/§5 A profileImage of the form avatar-{digits} is a built-in avatar, otherwise an address. */
export function isBuiltInAvatar(value: unknown): value is string {
  return typeof value === "string" && BUILT_IN_AVATAR_PATTERN.test(value);
}

/** The number in `avatar-{n}`, or null when the value is not a built-in avatar id. */
export function builtInAvatarNumber(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = BUILT_IN_AVATAR_PATTERN.exec(value);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** spec §3 With no image the first letter of the username is shown, or a question mark. */
export function avatarFallbackInitial(username: string | null | undefined): string {
  const first = Array.from(username?.trim() ?? "")[0];
  return first === undefined ? "?" : first.toLocaleUpperCase();
}

/** spec §3 Avatar sizes xs–xl, in CSS pixels. */
export const AVATAR_SIZES = { xs: 24, sm: 32, md: 40, lg: 56, xl: 96 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

export interface GenderColour {
  name: "pink" | "blue" | "purple" | "grey";
  /** Hex for light backgrounds. */
  light: string;
  /** Hex for dark backgrounds. */
  dark: string;
  /** Tailwind text classes for light and dark mode. */
  textClass: string;
  /** Tailwind ring classes for light and dark mode (avatar outlines). */
  ringClass: string;
}

/** spec §3 Gender colours: female pink, male blue, other purple, prefer-not-to-say grey. */
export const GENDER_COLOURS: Readonly<Record<Gender, GenderColour>> = {
  female: {
    name: "pink",
    // Darker than pink-600 (#db2777, 4.4:1 on zinc-50) so names read at 4.5:1 or more (issue #14).
    light: "#c8246c",
    dark: "#f472b6",
    textClass: "text-pink-700 dark:text-pink-400",
    ringClass: "ring-pink-700 dark:ring-pink-400",
  },
  male: {
    name: "blue",
    light: "#2563eb",
    dark: "#60a5fa",
    textClass: "text-blue-600 dark:text-blue-400",
    ringClass: "ring-blue-600 dark:ring-blue-400",
  },
  other: {
    name: "purple",
    light: "#9333ea",
    dark: "#c084fc",
    textClass: "text-purple-600 dark:text-purple-400",
    ringClass: "ring-purple-600 dark:ring-purple-400",
  },
  "prefer-not-to-say": {
    name: "grey",
    light: "#52525b",
    dark: "#a1a1aa",
    textClass: "text-zinc-600 dark:text-zinc-400",
    ringClass: "ring-zinc-600 dark:ring-zinc-400",
  },
};

/** The colour for a gender; unknown or missing genders get grey like prefer-not-to-say. */
export function genderColour(gender: string | null | undefined): GenderColour {
  if (gender !== null && gender !== undefined && Object.hasOwn(GENDER_COLOURS, gender)) {
    return GENDER_COLOURS[gender as Gender];
  }
  return GENDER_COLOURS["prefer-not-to-say"];
}
