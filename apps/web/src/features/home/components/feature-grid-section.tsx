import { Bot, Flame, MessagesSquare, NotebookPen, ShieldCheck, Shuffle, Users } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { SectionHeading } from "./section-heading";

/** spec §2 Home page: a grid of six features. */
const FEATURES = [
  {
    icon: Shuffle,
    id: "random",
  },
  {
    icon: Users,
    id: "group",
  },
  {
    icon: MessagesSquare,
    id: "dm",
  },
  {
    icon: Flame,
    id: "streaks",
  },
  {
    icon: NotebookPen,
    id: "confessions",
  },
  {
    icon: ShieldCheck,
    id: "privacy",
  },
] as const;

export function FeatureGridSection() {
  const t = useT();
  return (
    <section
      aria-labelledby="home-features-heading"
      className="bg-zinc-50 py-16 sm:py-24 dark:bg-zinc-900/40"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="home-features-heading"
          eyebrow={t("home.features.eyebrow")}
          title={t("home.features.title")}
        >
          {t("home.features.text")}
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, id }) => (
            <li
              key={id}
              className="rounded-2xl border border-zinc-200 bg-white p-6 transition-shadow hover:shadow-lg hover:shadow-rose-500/5 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-zinc-900 dark:text-zinc-100">
                {t(`home.features.${id}.title`)}
              </h3>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t(`home.features.${id}.text`)}</p>
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
  const t = useT();
  return (
    <div className="mt-6 flex flex-col items-start gap-4 rounded-2xl border border-dashed border-violet-300 bg-violet-50/60 p-6 sm:flex-row sm:items-center dark:border-violet-500/40 dark:bg-violet-500/5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
        <Bot aria-hidden="true" className="size-5" />
      </span>
      <div className="flex-1">
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">{t("home.ai.title")}</h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("home.ai.text")}</p>
      </div>
      <span className="rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white">
        {t("home.ai.badge")}
      </span>
    </div>
  );
}
