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
  week: readonly { day: string; isKept: boolean }[];
}

export const SAMPLE_STREAK: SampleStreak = {
  friend: "Sam",
  friendAvatar: "avatar-4",
  days: 12,
  week: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((day) => ({ day, isKept: true })),
};

export interface SampleConfession {
  id: string;
  text: string;
  postedAgo: string;
  reactions: readonly { emoji: string; label: string; count: number }[];
}

export const SAMPLE_CONFESSIONS: readonly SampleConfession[] = [
  {
    id: "c1",
    text: "I practised small talk with strangers here before my job interviews. Got the job last week 🎉",
    postedAgo: "2 h ago",
    reactions: [
      { emoji: "❤️", label: "love", count: 128 },
      { emoji: "🔥", label: "fire", count: 64 },
      { emoji: "😂", label: "laugh", count: 12 },
    ],
  },
  {
    id: "c2",
    text: "Sometimes I log on at 3 a.m. just so someone hears about my day. Thank you, whoever you were.",
    postedAgo: "5 h ago",
    reactions: [
      { emoji: "❤️", label: "love", count: 342 },
      { emoji: "🫂", label: "hug", count: 97 },
      { emoji: "😢", label: "sad", count: 21 },
    ],
  },
  {
    id: "c3",
    text: "My best friend is someone from the group room. 60-day streak and we've never seen each other's faces.",
    postedAgo: "1 d ago",
    reactions: [
      { emoji: "🔥", label: "fire", count: 210 },
      { emoji: "❤️", label: "love", count: 156 },
      { emoji: "😮", label: "wow", count: 18 },
    ],
  },
];
