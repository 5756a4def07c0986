import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";

export type RelatedPageKey = "about" | "guidelines" | "help" | "terms" | "privacy" | "cookies" | "contact";

const RELATED_PAGES: Record<RelatedPageKey, string> = {
  about: "/about",
  guidelines: "/guidelines",
  help: "/help",
  terms: "/terms",
  privacy: "/privacy",
  cookies: "/cookies",
  contact: "/contact",
};

export interface RelatedPagesProps {
  pages: readonly RelatedPageKey[];
}

/** Cross-links at the foot of a content page, so Guidelines, Privacy and Terms point at each other. */
export function RelatedPages({ pages }: RelatedPagesProps) {
  const t = useT();
  return (
    <nav
      aria-labelledby="related-heading"
      className="mt-16 border-t border-zinc-200 pt-8 dark:border-zinc-800"
    >
      <h2 id="related-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
        {t("content.keepReading")}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {pages.map((key) => {
          return (
            <li key={key}>
              <Link
                to={RELATED_PAGES[key]}
                className="group flex h-full items-center justify-between gap-3 rounded-2xl border border-zinc-200 bg-white p-4 transition-colors hover:border-rose-300 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-rose-800 dark:hover:bg-zinc-800"
              >
                <span>
                  <span className="block font-semibold text-zinc-900 dark:text-zinc-100">
                    {t(`related.${key}.label`)}
                  </span>
                  <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">
                    {t(`related.${key}.description`)}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-5 shrink-0 text-zinc-400 transition-transform group-hover:translate-x-0.5 group-hover:text-rose-600 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
