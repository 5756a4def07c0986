import type { LucideIcon } from "lucide-react";
import { Feather, Flame, HeartHandshake, MessagesSquare, Shuffle, UserRound, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../ui/button";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: Shuffle,
    title: "Random one-to-one chat",
    description:
      "No sign-up. Pick your gender and who you'd like to meet, and we connect you with someone whose choice includes you.",
  },
  {
    icon: Users,
    title: "The group chat room",
    description: "One big, moderated room to hang out in, as a guest or with a verified account.",
  },
  {
    icon: MessagesSquare,
    title: "Direct messages and friends",
    description: "With a free account, add friends and keep talking in private, with images and GIFs.",
  },
  {
    icon: Flame,
    title: "Daily streaks and a leaderboard",
    description:
      "Message a friend every day to grow a streak, earn badges at 3 to 90 days, and climb the top 10.",
  },
  {
    icon: Feather,
    title: "The confession wall",
    description: "Say what you can't say anywhere else, anonymously; others react with emoji and comment.",
  },
  {
    icon: UserRound,
    title: "Profiles that are yours",
    description:
      "An avatar or your own picture, a banner and a short bio, with hidden photo metadata removed.",
  },
];

function FeatureGrid() {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2">
      {FEATURES.map(({ icon: Icon, title, description }) => (
        <div
          key={title}
          className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="flex items-center gap-3 font-semibold text-zinc-900 dark:text-zinc-100">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {title}
          </dt>
          <dd className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</dd>
        </div>
      ))}
    </dl>
  );
}

const SECTIONS: readonly ContentSectionData[] = [
  {
    id: "why",
    title: "Why we built it",
    content: (
      <>
        <p>
          Some of the best conversations happen with people you would never otherwise meet: someone in another
          country, another time zone, another life. Most chat sites make that either unsafe or impossible
          without handing over your identity.
        </p>
        <p>
          Heartline's idea is <strong>anonymity with accountability</strong>. You don't need to tell anyone
          who you are, and random chats are not stored. But everyone is an adult, everyone agrees to the same{" "}
          <Link to="/guidelines">guidelines</Link>, and people who harass others are muted or banned by real
          moderators.
        </p>
      </>
    ),
  },
  {
    id: "features",
    title: "What you can do here",
    content: <FeatureGrid />,
  },
  {
    id: "moderation",
    title: "How moderation works",
    content: (
      <>
        <p>
          Every chat has a Report button. A report sends our moderators a snapshot of the last messages, so
          they can see what happened even though random chats are not stored. Moderators watch the group room,
          review reports, remove abusive confessions and comments, and mute or ban people who break the rules.
          Anything involving minors is removed at once and reported to the authorities.
        </p>
        <p>
          You never have to wait for us: End or Next leaves a chat instantly, and blocking stops someone from
          messaging you again.
        </p>
      </>
    ),
  },
  {
    id: "ai-promise",
    title: "Our AI promise",
    content: (
      <p>
        If nobody is around when you start a random chat, an AI companion may keep you company. It is{" "}
        <strong>always labelled as AI</strong> from its first message, it never pretends to be a person, we
        keep searching for a real partner the whole time, and you can switch it off in Settings. No fake
        profiles, no bots posing as people. Ever.
      </p>
    ),
  },
  {
    id: "privacy",
    title: "Privacy by default",
    content: (
      <p>
        No ads, no third-party trackers, and only the data the features need. The{" "}
        <Link to="/privacy">Privacy Policy</Link> lists exactly what we store and what we don't.
      </p>
    ),
  },
];

export function AboutPage() {
  return (
    <ContentPage
      title="About Heartline"
      icon={HeartHandshake}
      eyebrow="Our story"
      intro={
        <p>
          Heartline is a place for adults to meet strangers from anywhere and simply talk: one-to-one, in a
          group room, or anonymously on a confession wall. No sign-up needed to start, and no one to impress.
        </p>
      }
      sections={SECTIONS}
      actions={
        <>
          <Link to="/chat" className={buttonClasses("primary", "lg")}>
            Start Chatting
          </Link>
          <Link to="/guidelines" className={buttonClasses("secondary", "lg")}>
            Read the Guidelines
          </Link>
        </>
      }
      related={["help", "guidelines", "privacy", "contact"]}
    />
  );
}
