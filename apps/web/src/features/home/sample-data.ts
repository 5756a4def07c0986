import type { LeaderboardEntry } from "../leaderboard";

/**
 * Invented people and posts for the landing page (spec §1: the landing page shows only static sample
 * data). Every section that renders these says "Sample data" next to them.
 */
export const SAMPLE_LEADERBOARD: readonly LeaderboardEntry[] = [
  { id: "s1", username: "NightOwl", profileImage: "avatar-3", totalStreak: 128, highestStreak: 104 },
  { id: "s2", username: "Marigold", gender: "female", totalStreak: 96, highestStreak: 90 },
  { id: "s3", username: "Pixel", profileImage: "avatar-2", totalStreak: 75, highestStreak: 70 },
  { id: "s4", username: "Kai", gender: "male", totalStreak: 61, highestStreak: 61 },
  { id: "s5", username: "Luna", profileImage: "avatar-4", totalStreak: 45, highestStreak: 45 },
  { id: "s6", username: "Echo", gender: "other", totalStreak: 33, highestStreak: 30 },
  { id: "s7", username: "Sunny_Days", profileImage: "avatar-1", totalStreak: 21, highestStreak: 21 },
  { id: "s8", username: "Jules", gender: "prefer-not-to-say", totalStreak: 15, highestStreak: 14 },
  { id: "s9", username: "Nova", gender: "female", totalStreak: 9, highestStreak: 7 },
  { id: "s10", username: "Wren", gender: "male", totalStreak: 4, highestStreak: 4 },
];

export interface SampleStreak {
  friend: string;
  friendAvatar: string;
  days: number;
  /** The last seven UTC days, oldest first: did both friends message that day? */
  week: readonly { day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun"; isKept: boolean }[];
}

export const SAMPLE_STREAK: SampleStreak = {
  friend: "Sam",
  friendAvatar: "avatar-4",
  days: 12,
  week: (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).map((day) => ({ day, isKept: true })),
};

export interface SampleConfession {
  /** Its text and age are in the catalogs (`home.confessions.<id>.text`, `.ago`; issue #39). */
  id: "c1" | "c2" | "c3";
  reactions: readonly { emoji: string; label: SampleReaction; count: number }[];
}

export type SampleReaction = "love" | "fire" | "laugh" | "hug" | "sad" | "wow";

export const SAMPLE_CONFESSIONS: readonly SampleConfession[] = [
  {
    id: "c1",
    reactions: [
      { emoji: "❤️", label: "love", count: 128 },
      { emoji: "🔥", label: "fire", count: 64 },
      { emoji: "😂", label: "laugh", count: 12 },
    ],
  },
  {
    id: "c2",
    reactions: [
      { emoji: "❤️", label: "love", count: 342 },
      { emoji: "🫂", label: "hug", count: 97 },
      { emoji: "😢", label: "sad", count: 21 },
    ],
  },
  {
    id: "c3",
    reactions: [
      { emoji: "🔥", label: "fire", count: 210 },
      { emoji: "❤️", label: "love", count: 156 },
      { emoji: "😮", label: "wow", count: 18 },
    ],
  },
];
