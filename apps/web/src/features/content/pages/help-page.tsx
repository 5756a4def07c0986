import { ChevronDown, CircleHelp } from "lucide-react";
import { Link } from "react-router";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { ACCOUNT_FAQ_GROUPS } from "./help-account-questions";
import type { FaqEntry } from "./help-questions";
import { FAQ_GROUPS } from "./help-questions";

// Native <details>/<summary>: keyboard and screen-reader support for free, and it works before JS loads.
function FaqItem({ question, answer }: FaqEntry) {
  return (
    <details className="group rounded-2xl border border-zinc-200 bg-white open:border-rose-200 dark:border-zinc-800 dark:bg-zinc-900 dark:open:border-rose-900">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-100 [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-zinc-500 transition-transform group-open:rotate-180 dark:text-zinc-400"
        />
      </summary>
      <div className="px-5 pb-5 [&>:first-child]:mt-0">{answer}</div>
    </details>
  );
}

const SECTIONS: readonly ContentSectionData[] = [...FAQ_GROUPS, ...ACCOUNT_FAQ_GROUPS].map((group) => ({
  id: group.id,
  title: group.title,
  content: (
    <div className="mt-4 space-y-3">
      {group.entries.map((entry) => (
        <FaqItem key={entry.question} question={entry.question} answer={entry.answer} />
      ))}
    </div>
  ),
}));

export function HelpPage() {
  return (
    <ContentPage
      title="FAQ"
      icon={CircleHelp}
      eyebrow="Help"
      intro={
        <p>
          Answers to the questions people ask most about random chat, the group room, accounts and streaks.
        </p>
      }
      hasContents
      sections={SECTIONS}
      related={["guidelines", "privacy", "contact", "about"]}
    >
      <p>
        Didn't find your answer? <Link to="/contact">Contact us</Link>; we read every message.
      </p>
    </ContentPage>
  );
}
