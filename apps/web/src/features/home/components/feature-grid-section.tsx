import { Bot, Flame, MessagesSquare, NotebookPen, ShieldCheck, Shuffle, Users } from "lucide-react";
import { SectionHeading } from "./section-heading";

/** spec §2 Home page: a grid of six features. */
const FEATURES = [
  {
    icon: Shuffle,
    title: "Random chat",
    text: "Pick your gender and who you'd like to meet, and we match you with a stranger in seconds.",
  },
  {
    icon: Users,
    title: "Group chat room",
    text: "One big, moderated room where everyone can drop in, say hi and find new people.",
  },
  {
    icon: MessagesSquare,
    title: "Direct messages & friends",
    text: "Add the people you click with and keep talking in private messages.",
  },
  {
    icon: Flame,
    title: "Daily streaks",
    text: "Message a friend every day to build a streak, earn badges and reach the leaderboard.",
  },
  {
    icon: NotebookPen,
    title: "Confession wall",
    text: "Post what you can't say out loud, anonymously, and see who relates.",
  },
  {
    icon: ShieldCheck,
    title: "Privacy & anonymity",
    text: "No real names and no sign-up for random chat. Block and report anyone, any time.",
  },
] as const;

export function FeatureGridSection() {
  return (
    <section
      aria-labelledby="home-features-heading"
      className="bg-zinc-50 py-16 sm:py-24 dark:bg-zinc-900/40"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="home-features-heading"
          eyebrow="Why Heartline"
          title="Everything you need to connect"
        >
          Meet someone new, keep the friends you make, and stay in control of what you share.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-zinc-200 bg-white p-6 transition-shadow hover:shadow-lg hover:shadow-rose-500/5 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
            </li>
          ))}
        </ul>
        <AiChatNote />
      </div>
    </section>
  );
}

/** spec §1 An AI chat feature is advertised as coming soon on the landing page. */
function AiChatNote() {
  return (
    <div className="mt-6 flex flex-col items-start gap-4 rounded-2xl border border-dashed border-violet-300 bg-violet-50/60 p-6 sm:flex-row sm:items-center dark:border-violet-500/40 dark:bg-violet-500/5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
        <Bot aria-hidden="true" className="size-5" />
      </span>
      <div className="flex-1">
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">AI chat — coming soon</h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Practise a conversation with a friendly AI companion, always clearly labelled as AI.
        </p>
      </div>
      <span className="rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white">
        Coming soon
      </span>
    </div>
  );
}
