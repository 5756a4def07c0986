import { ArrowRight, SearchX } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { buttonClasses } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { ExternalLink } from "../components/external-link";
import { LANDING_LINK_CLASSES, LandingPromises, MoreTopics } from "../components/landing-extras";
import { landingContent } from "../landing/landing-content";
import type { ThemedLandingSlug } from "../landing/landing-slugs";
import { isThemedLandingSlug } from "../landing/landing-slugs";
import type { LandingContent, LandingLink } from "../landing/landing-types";

export interface ThemedLandingPageProps {
  /** The path without its leading slash; anything that is not a themed slug renders "not found". */
  slug: string;
}

/** One component for the ten SEO landing pages of spec §2; the words live in the catalogs (`landing.*`). */
export function ThemedLandingPage({ slug }: ThemedLandingPageProps) {
  const t = useT();
  const content = isThemedLandingSlug(slug) ? landingContent(slug) : null;
  useDocumentTitle(content ? content.title : t("layout.notFound.title"));
  if (!content || !isThemedLandingSlug(slug)) return <LandingNotFound slug={slug} />;
  return <LandingBody slug={slug} content={content} />;
}

function LandingBody({ slug, content }: { slug: ThemedLandingSlug; content: LandingContent }) {
  const t = useT();
  const Icon = content.icon;
  return (
    <article>
      <header className="border-b border-zinc-200 bg-gradient-to-b from-rose-50 via-fuchsia-50/40 to-white dark:border-zinc-800 dark:from-rose-950/40 dark:via-fuchsia-950/20 dark:to-zinc-950">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:py-20">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-md">
            <Icon aria-hidden="true" className="size-7" />
          </div>
          <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-rose-600 dark:text-rose-400">
            {content.eyebrow}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-zinc-900 sm:text-5xl dark:text-zinc-50">
            {content.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-zinc-600 dark:text-zinc-400">{content.intro}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/chat" className={buttonClasses("primary", "lg")}>
              {t("layout.startChatting")}
              <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </Link>
            <Link to="/guidelines" className={buttonClasses("secondary", "lg")}>
              {t("landing.guidelines")}
            </Link>
          </div>
          <p className="mt-5 text-sm text-zinc-500 dark:text-zinc-400">{t("landing.badges")}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <div className="grid gap-4">
          {content.sections.map((section) => (
            <Card as="section" key={section.title}>
              <h2 className="text-xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
                {section.title}
              </h2>
              <p className="mt-3 leading-7 text-zinc-700 dark:text-zinc-300">{section.body}</p>
              {section.link && <SectionLink link={section.link} />}
            </Card>
          ))}
        </div>
        <LandingPromises />
        <section
          aria-labelledby="closing-heading"
          className="mt-14 rounded-2xl bg-gradient-to-br from-rose-600 to-fuchsia-700 px-6 py-10 text-center text-white"
        >
          <h2 id="closing-heading" className="text-2xl font-bold tracking-tight">
            {t("landing.closing.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-md text-rose-50">{t("landing.closing.text")}</p>
          <Link
            to="/chat"
            className="mt-6 inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 font-semibold text-rose-700 shadow-sm hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-rose-600"
          >
            {t("layout.startChatting")}
          </Link>
        </section>
        <MoreTopics current={slug} />
      </div>
    </article>
  );
}

function SectionLink({ link }: { link: LandingLink }) {
  const className = `mt-3 inline-block text-sm ${LANDING_LINK_CLASSES}`;
  if (link.isExternal) {
    return (
      <ExternalLink href={link.href} className={className}>
        {link.label}
      </ExternalLink>
    );
  }
  return (
    <Link to={link.href} className={className}>
      {link.label}
    </Link>
  );
}

function LandingNotFound({ slug }: { slug: string }) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <SearchX aria-hidden="true" className="size-7" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        {t("layout.notFound.title")}
      </h1>
      <p className="mt-4 max-w-md text-zinc-600 dark:text-zinc-400">
        <RichText
          message={t("landing.notFound.text", { slug })}
          elements={[<span key="slug" className="break-all font-medium" dir="ltr" />]}
        />
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses("secondary", "md")}>
          {t("layout.notFound.goHome")}
        </Link>
        <Link to="/chat" className={buttonClasses("primary", "md")}>
          {t("layout.startChatting")}
        </Link>
      </div>
    </div>
  );
}
