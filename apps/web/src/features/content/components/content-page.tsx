import { DEFAULT_SITE_LOCALE, type SiteLocale } from "@heartline/shared";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { RichText } from "../../../lib/i18n/rich-text";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import type { RelatedPageKey } from "./related-pages";
import { RelatedPages } from "./related-pages";

export interface ContentSectionData {
  /** Anchor id, so a section can be linked to (`/privacy#retention`). */
  id: string;
  title: string;
  content: ReactNode;
}

export interface PageDate {
  dateTime: string;
  label: string;
}

export interface ContentPageProps {
  title: string;
  icon: LucideIcon;
  eyebrow: string;
  intro: ReactNode;
  sections: readonly ContentSectionData[];
  lastUpdated?: PageDate;
  /** Lists the sections at the top; worth it on the long legal pages. */
  hasContents?: boolean;
  related?: readonly RelatedPageKey[];
  /** Rendered after the sections, inside the prose styles (a closing note). */
  children?: ReactNode;
  /** Rendered after the prose, outside its link styles: call-to-action buttons. */
  actions?: ReactNode;
}

// Links inside running text (prose and intro): underlined so they never rely on colour alone.
const PROSE_LINKS =
  "[&_a]:rounded-sm [&_a]:font-medium [&_a]:text-rose-700 [&_a]:underline [&_a]:decoration-rose-300 " +
  "[&_a]:underline-offset-2 [&_a]:hover:text-rose-800 [&_a]:hover:decoration-rose-500 " +
  "dark:[&_a]:text-rose-400 dark:[&_a]:decoration-rose-700 dark:[&_a]:hover:text-rose-300 " +
  "[&_a]:focus-visible:outline-none [&_a]:focus-visible:ring-2 [&_a]:focus-visible:ring-rose-500";

// Prose typography from plain utilities: the wrapper styles the elements the pages write, so the
// pages stay plain JSX (h2/h3/p/ul/ol/a/strong) and every page reads the same.
const PROSE =
  "text-base leading-7 text-zinc-700 dark:text-zinc-300 " +
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight " +
  "[&_h2]:text-zinc-900 dark:[&_h2]:text-zinc-50 " +
  "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-zinc-900 dark:[&_h3]:text-zinc-100 " +
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6 " +
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:ps-6 [&_li]:ps-1 " +
  "[&_li]:marker:text-rose-500 dark:[&_li]:marker:text-rose-400 " +
  "[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm " +
  "[&_code]:text-zinc-900 dark:[&_code]:bg-zinc-800 dark:[&_code]:text-zinc-100 " +
  "[&_strong]:font-semibold [&_strong]:text-zinc-900 dark:[&_strong]:text-zinc-100 " +
  PROSE_LINKS;

/** A page's date as its English label (the legal pages' wording), or in `locale` as Intl writes it. */
function pageDateLabel(date: PageDate, locale: SiteLocale): string {
  if (locale === DEFAULT_SITE_LOCALE) return date.label;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(date.dateTime),
  );
}

/** The shared frame of the About, Guidelines, FAQ and legal pages: header, sections, related links. */
export function ContentPage({
  title,
  icon: Icon,
  eyebrow,
  intro,
  sections,
  lastUpdated,
  hasContents = false,
  related,
  children,
  actions,
}: ContentPageProps) {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <header className="border-b border-zinc-200 pb-8 dark:border-zinc-800">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-sm">
          <Icon aria-hidden="true" className="size-6" />
        </div>
        <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-rose-600 dark:text-rose-400">
          {eyebrow}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-zinc-900 sm:text-4xl dark:text-zinc-50">
          {title}
        </h1>
        <div className={`mt-4 text-lg leading-8 text-zinc-600 dark:text-zinc-400 ${PROSE_LINKS}`}>
          {intro}
        </div>
        {lastUpdated && (
          <p className="mt-4 text-sm text-zinc-500 dark:text-zinc-400">
            <RichText
              message={t("content.lastUpdated", { date: pageDateLabel(lastUpdated, locale) })}
              elements={[<time key="date" dateTime={lastUpdated.dateTime} />]}
            />
          </p>
        )}
      </header>
      {hasContents && <TableOfContents sections={sections} />}
      <div className={PROSE}>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.title}</h2>
            {section.content}
          </section>
        ))}
        {children}
      </div>
      {actions && <div className="mt-10 flex flex-wrap gap-3">{actions}</div>}
      {related && related.length > 0 && <RelatedPages pages={related} />}
    </article>
  );
}

function TableOfContents({ sections }: { sections: readonly ContentSectionData[] }) {
  const t = useT();
  return (
    <nav
      aria-labelledby="contents-heading"
      className="mt-8 rounded-2xl border border-zinc-200 bg-zinc-50 p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="contents-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t("content.onThisPage")}
      </h2>
      <ol className="mt-3 gap-x-6 text-sm sm:columns-2">
        {sections.map((section) => (
          <li key={section.id} className="mb-2 break-inside-avoid">
            <a
              href={`#${section.id}`}
              className="rounded-sm text-zinc-600 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:text-rose-400"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
