import { Bot, Flag, ShieldCheck, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { landingContent } from "../landing/landing-content";
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
    id: "choose",
  },
  {
    icon: ShieldCheck,
    id: "adults",
  },
  {
    icon: Flag,
    id: "banned",
  },
  {
    icon: Bot,
    id: "ai",
  },
] as const;

export function LandingPromises() {
  const t = useT();
  return (
    <section aria-labelledby="promises-heading" className="mt-14">
      <h2 id="promises-heading" className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        {t("landing.promises.title")}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {PROMISES.map(({ icon: Icon, id }) => (
          <li key={id} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold text-zinc-900 dark:text-zinc-100">
                {t(`landing.promises.${id}.title`)}
              </span>
              <span className="mt-1 block text-sm leading-6 text-zinc-600 dark:text-zinc-400">
                {t(`landing.promises.${id}.text`)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        <RichText
          message={t("landing.promises.before")}
          elements={[<Link key="guidelines" to="/guidelines" className={LANDING_LINK_CLASSES} />]}
        />
      </p>
    </section>
  );
}

export interface MoreTopicsProps {
  current: ThemedLandingSlug;
}

/** Links to the other themed pages, so each one is reachable from the rest. */
export function MoreTopics({ current }: MoreTopicsProps) {
  const t = useT();
  const others = THEMED_LANDING_SLUGS.filter((slug) => slug !== current);
  return (
    <nav
      aria-labelledby="more-topics-heading"
      className="mt-14 border-t border-zinc-200 pt-8 dark:border-zinc-800"
    >
      <h2 id="more-topics-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
        {t("landing.more")}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {others.map((slug) => (
          <li key={slug}>
            <Link
              to={`/${slug}`}
              className="inline-flex rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-sm text-zinc-700 hover:border-rose-300 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-rose-800 dark:hover:text-rose-400"
            >
              {landingContent(slug).title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
