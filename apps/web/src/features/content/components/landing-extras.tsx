import { Bot, Flag, ShieldCheck, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { LANDING_CONTENT } from "../landing/landing-content";
import type { ThemedLandingSlug } from "../landing/landing-slugs";
import { THEMED_LANDING_SLUGS } from "../landing/landing-slugs";

export const LANDING_LINK_CLASSES =
  "rounded-sm font-medium text-rose-700 underline decoration-rose-300 underline-offset-2 hover:text-rose-800 " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 " +
  "dark:text-rose-400 dark:decoration-rose-700 dark:hover:text-rose-300";

// The promises every themed page repeats, whatever the topic (spec §1; ARCHITECTURE §9.2 on the AI).
const PROMISES = [
  {
    icon: UserCheck,
    title: "Everyone chooses",
    text: "You pick your own gender and who you'd like to meet. Matching respects everyone's preference.",
  },
  {
    icon: ShieldCheck,
    title: "Adults only",
    text: "Heartline is for people aged 18 and over, and the same guidelines apply to everyone.",
  },
  {
    icon: Flag,
    title: "Harassment gets you banned",
    text: "Every chat has a Report button; moderators mute and ban people who harass others.",
  },
  {
    icon: Bot,
    title: "AI is always labelled",
    text: "If an AI companion fills in while we search, it says so. Turn it off in Settings any time.",
  },
] as const;

export function LandingPromises() {
  return (
    <section aria-labelledby="promises-heading" className="mt-14">
      <h2 id="promises-heading" className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        How Heartline keeps it fair
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{title}</span>
              <span className="mt-1 block text-sm leading-6 text-zinc-600 dark:text-zinc-400">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        Before your first chat, take two minutes for the{" "}
        <Link to="/guidelines" className={LANDING_LINK_CLASSES}>
          Community Guidelines
        </Link>
        .
      </p>
    </section>
  );
}

export interface MoreTopicsProps {
  current: ThemedLandingSlug;
}

/** Links to the other themed pages, so each one is reachable from the rest. */
export function MoreTopics({ current }: MoreTopicsProps) {
  const others = THEMED_LANDING_SLUGS.filter((slug) => slug !== current);
  return (
    <nav
      aria-labelledby="more-topics-heading"
      className="mt-14 border-t border-zinc-200 pt-8 dark:border-zinc-800"
    >
      <h2 id="more-topics-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
        More ways to chat
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {others.map((slug) => (
          <li key={slug}>
            <Link
              to={`/${slug}`}
              className="inline-flex rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-sm text-zinc-700 hover:border-rose-300 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-rose-800 dark:hover:text-rose-400"
            >
              {LANDING_CONTENT[slug].title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
