import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export type RelatedPageKey = "about" | "guidelines" | "help" | "terms" | "privacy" | "cookies" | "contact";

interface RelatedPage {
  to: string;
  label: string;
  description: string;
}

const RELATED_PAGES: Record<RelatedPageKey, RelatedPage> = {
  about: { to: "/about", label: "About Heartline", description: "What we're building and why." },
  guidelines: {
    to: "/guidelines",
    label: "Community Guidelines",
    description: "The rules every chat runs on, and safety tips.",
  },
  help: { to: "/help", label: "FAQ", description: "Quick answers about chats, accounts and streaks." },
  terms: { to: "/terms", label: "Terms of Service", description: "The agreement for using Heartline." },
  privacy: { to: "/privacy", label: "Privacy Policy", description: "What we store, and what we never keep." },
  cookies: { to: "/cookies", label: "Cookie Policy", description: "The one cookie we set and why." },
  contact: { to: "/contact", label: "Contact", description: "Reach support, safety or privacy." },
};

export interface RelatedPagesProps {
  pages: readonly RelatedPageKey[];
}

/** Cross-links at the foot of a content page, so Guidelines, Privacy and Terms point at each other. */
export function RelatedPages({ pages }: RelatedPagesProps) {
  return (
    <nav
      aria-labelledby="related-heading"
      className="mt-16 border-t border-zinc-200 pt-8 dark:border-zinc-800"
    >
      <h2 id="related-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
        Keep reading
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {pages.map((key) => {
          const page = RELATED_PAGES[key];
          return (
            <li key={key}>
              <Link
                to={page.to}
                className="group flex h-full items-center justify-between gap-3 rounded-2xl border border-zinc-200 bg-white p-4 transition-colors hover:border-rose-300 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-rose-800 dark:hover:bg-zinc-800"
              >
                <span>
                  <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{page.label}</span>
                  <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">
                    {page.description}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-5 shrink-0 text-zinc-400 transition-transform group-hover:translate-x-0.5 group-hover:text-rose-600"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
