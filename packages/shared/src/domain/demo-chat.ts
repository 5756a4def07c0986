import {
  DEMO_CHAT_STEP_MAX_MS,
  DEMO_CHAT_STEP_MIN_MS,
  DEMO_PROGRESS_MAX,
  DEMO_PROGRESS_STEP,
} from "../constants";
import type { Gender } from "./gender";
import { type RandomSource, randomIntInclusive } from "./random";

/**
 * The landing page's animated demo conversation (spec §1: static sample data only, two sample
 * users, looping typing indicators). Nothing here is a real person or a real message.
 */
export interface DemoChatUser {
  id: "maya" | "alex";
  username: string;
  gender: Gender;
  avatar: string;
}

export interface DemoChatLine {
  id: string;
  from: DemoChatUser["id"];
  text: string;
}

export const DEMO_CHAT_USERS: Readonly<Record<DemoChatUser["id"], DemoChatUser>> = {
  maya: { id: "maya", username: "Maya", gender: "female", avatar: "avatar-2" },
  alex: { id: "alex", username: "Alex", gender: "male", avatar: "avatar-1" },
};

export const DEMO_CHAT_SCRIPT: readonly DemoChatLine[] = [
  { id: "demo-1", from: "maya", text: "Hi stranger! 👋 First time on Heartline?" },
  { id: "demo-2", from: "alex", text: "Hey! Yes, matched with you in two seconds flat 😄" },
  { id: "demo-3", from: "maya", text: "Nice! I come here for late-night chats with people worldwide 🌍" },
  { id: "demo-4", from: "alex", text: "Same. No sign-up, totally anonymous, I like that." },
  {
    id: "demo-5",
    from: "maya",
    text: "If we get along we can add each other as friends and keep a streak 🔥",
  },
  { id: "demo-6", from: "alex", text: "Deal! I'm at a 7-day streak with a friend already." },
  { id: "demo-7", from: "maya", text: "Ha, that earns a badge. Let's catch up in the group room too 💬" },
  { id: "demo-8", from: "alex", text: "See you there. Nice meeting you, Maya! ❤️" },
];

/** Static landing-page figures (spec §1): 2,345 online, 99% success, 24/7. */
export const DEMO_STATS = { online: 2345, successRate: "99%", availability: "24/7" } as const;

/** spec §9 The demo chat advances after a random 1000–2000 ms. */
export function nextDemoDelayMs(random: RandomSource): number {
  return randomIntInclusive(DEMO_CHAT_STEP_MIN_MS, DEMO_CHAT_STEP_MAX_MS, random);
}

/** The next script line to reveal; the conversation loops back to the start (spec §1 "animated"). */
export function nextDemoIndex(index: number, length: number = DEMO_CHAT_SCRIPT.length): number {
  if (length <= 0) return 0;
  const next = Math.floor(index) + 1;
  return next >= length || next < 0 ? 0 : next;
}

/** spec §9 The progress counter steps by 10 each second up to 100 (never past it). */
export function nextProgress(progress: number): number {
  if (!Number.isFinite(progress) || progress < 0) return 0;
  return Math.min(DEMO_PROGRESS_MAX, progress + DEMO_PROGRESS_STEP);
}
