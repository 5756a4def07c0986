import type { LucideIcon } from "lucide-react";
import { Feather, Flame, HeartHandshake, MessagesSquare, Shuffle, UserRound, Users } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { type Translate, useT } from "../../../lib/i18n/use-t";
import { buttonClasses } from "../../../ui/button";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";

interface Feature {
  icon: LucideIcon;
  /** Its id in the catalogs: `about.feature.<id>.title` and `.description`. */
  id: "random" | "group" | "dm" | "streaks" | "confessions" | "profiles";
}

const FEATURES: readonly Feature[] = [
  { icon: Shuffle, id: "random" },
  { icon: Users, id: "group" },
  { icon: MessagesSquare, id: "dm" },
  { icon: Flame, id: "streaks" },
  { icon: Feather, id: "confessions" },
  { icon: UserRound, id: "profiles" },
];

function FeatureGrid() {
  const t = useT();
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2">
      {FEATURES.map(({ icon: Icon, id }) => (
        <div
          key={id}
          className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="flex items-center gap-3 font-semibold text-zinc-900 dark:text-zinc-100">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {t(`about.feature.${id}.title`)}
          </dt>
          <dd className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            {t(`about.feature.${id}.description`)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function aboutSections(t: Translate): readonly ContentSectionData[] {
  return [
    {
      id: "why",
      title: t("about.why.title"),
      content: (
        <>
          <p>{t("about.why.p1")}</p>
          <p>
            <RichText
              message={t("about.why.p2")}
              elements={[<strong key="strong" />, <Link key="guidelines" to="/guidelines" />]}
            />
          </p>
        </>
      ),
    },
    { id: "features", title: t("about.features.title"), content: <FeatureGrid /> },
    {
      id: "moderation",
      title: t("about.moderation.title"),
      content: (
        <>
          <p>{t("about.moderation.p1")}</p>
          <p>{t("about.moderation.p2")}</p>
        </>
      ),
    },
    {
      id: "ai-promise",
      title: t("about.ai.title"),
      content: (
        <p>
          <RichText message={t("about.ai.text")} elements={[<strong key="strong" />]} />
        </p>
      ),
    },
    {
      id: "privacy",
      title: t("about.privacy.title"),
      content: (
        <p>
          <RichText message={t("about.privacy.text")} elements={[<Link key="privacy" to="/privacy" />]} />
        </p>
      ),
    },
  ];
}

export function AboutPage() {
  const t = useT();
  return (
    <ContentPage
      title={t("related.about.label")}
      icon={HeartHandshake}
      eyebrow={t("about.eyebrow")}
      intro={<p>{t("about.intro")}</p>}
      sections={aboutSections(t)}
      actions={
        <>
          <Link to="/chat" className={buttonClasses("primary", "lg")}>
            {t("layout.startChatting")}
          </Link>
          <Link to="/guidelines" className={buttonClasses("secondary", "lg")}>
            {t("about.readGuidelines")}
          </Link>
        </>
      }
      related={["help", "guidelines", "privacy", "contact"]}
    />
  );
}
