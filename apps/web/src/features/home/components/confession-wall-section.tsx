import { Send } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { SAMPLE_CONFESSIONS, type SampleConfession } from "../sample-data";
import { DemoBadge, SampleDataBadge } from "./demo-badge";
import { SectionHeading } from "./section-heading";

/** spec §2 Home page: Confession Wall with sample confessions and a disabled input (spec §1: demo only). */
export function ConfessionWallSection() {
  const t = useT();
  return (
    <section aria-labelledby="home-confessions-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <SectionHeading
        id="home-confessions-heading"
        eyebrow={t("home.confessions.eyebrow")}
        title={t("home.confessions.title")}
        aside={<SampleDataBadge />}
      >
        {t("home.confessions.text")}
      </SectionHeading>

      <div className="mx-auto mt-10 max-w-4xl">
        <div className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="relative">
            <textarea
              disabled
              rows={2}
              aria-label={t("home.confessions.input")}
              placeholder={t("home.confessions.placeholder")}
              className="w-full cursor-not-allowed resize-none rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 pe-20 text-sm text-zinc-500 placeholder:text-zinc-400 dark:border-zinc-700 dark:bg-zinc-800 dark:placeholder:text-zinc-500"
            />
            <DemoBadge className="absolute top-3 end-3" />
          </div>
          <div className="mt-3 flex justify-end">
            <button
              type="button"
              disabled
              className="inline-flex h-9 cursor-not-allowed items-center gap-2 rounded-xl bg-gradient-to-r from-rose-600 to-fuchsia-600 px-4 text-sm font-semibold text-white opacity-60"
            >
              <Send aria-hidden="true" className="size-4" />
              {t("home.confessions.post")}
            </button>
          </div>
        </div>

        <ul aria-label={t("home.confessions.list")} className="mt-6 grid gap-4 md:grid-cols-3">
          {SAMPLE_CONFESSIONS.map((confession) => (
            <ConfessionCard key={confession.id} confession={confession} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function ConfessionCard({ confession }: { confession: SampleConfession }) {
  const t = useT();
  return (
    <li className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {t("home.confessions.posted", { ago: t(`home.confessions.${confession.id}.ago`) })}
      </p>
      <blockquote className="mt-2 flex-1 text-sm leading-relaxed text-zinc-800 dark:text-zinc-200">
        {t(`home.confessions.${confession.id}.text`)}
      </blockquote>
      <ul aria-label={t("home.confessions.reactions")} className="mt-4 flex flex-wrap gap-2">
        {confession.reactions.map((reaction) => (
          <li
            key={reaction.label}
            className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2.5 py-1 text-xs font-medium tabular-nums text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            <span aria-hidden="true" className="font-emoji">
              {reaction.emoji}
            </span>
            {reaction.count}
            <span className="sr-only">
              {t("home.confessions.reaction", { label: t(`home.reaction.${reaction.label}`) })}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
