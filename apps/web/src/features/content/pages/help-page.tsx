import { ChevronDown, CircleHelp } from "lucide-react";
import { Link } from "react-router";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { RichText } from "../../../lib/i18n/rich-text";
import { type Translate, useT } from "../../../lib/i18n/use-t";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { ACCOUNT_FAQ_GROUPS } from "./help-account-questions";
import type { FaqEntry } from "./help-questions";
import { FAQ_GROUPS } from "./help-questions";

// Native <details>/<summary>: keyboard and screen-reader support for free, and it works before JS loads.
function FaqItem({ entry }: { entry: FaqEntry }) {
  const t = useT();
  const paragraphs = Array.from({ length: entry.paragraphs ?? 1 }, (_, index) => index + 1);
  return (
    <details className="group rounded-2xl border border-zinc-200 bg-white open:border-rose-200 dark:border-zinc-800 dark:bg-zinc-900 dark:open:border-rose-900">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-100 [&::-webkit-details-marker]:hidden">
        {t(`help.${entry.key}.q` as MessageId)}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-zinc-500 transition-transform group-open:rotate-180 dark:text-zinc-400"
        />
      </summary>
      <div className="px-5 pb-5 [&>:first-child]:mt-0">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>
            <RichText
              message={t(`help.${entry.key}.a${paragraph}` as MessageId)}
              elements={entry.elements ?? []}
            />
          </p>
        ))}
      </div>
    </details>
  );
}

function helpSections(t: Translate): readonly ContentSectionData[] {
  return [...FAQ_GROUPS, ...ACCOUNT_FAQ_GROUPS].map((group) => ({
    id: group.id,
    title: t(`help.group.${group.id}` as MessageId),
    content: (
      <div className="mt-4 space-y-3">
        {group.entries.map((entry) => (
          <FaqItem key={entry.key} entry={entry} />
        ))}
      </div>
    ),
  }));
}

export function HelpPage() {
  const t = useT();
  return (
    <ContentPage
      title={t("related.help.label")}
      icon={CircleHelp}
      eyebrow={t("help.eyebrow")}
      intro={<p>{t("help.intro")}</p>}
      hasContents
      sections={helpSections(t)}
      related={["guidelines", "privacy", "contact", "about"]}
    >
      <p>
        <RichText message={t("help.notFound")} elements={[<Link key="contact" to="/contact" />]} />
      </p>
    </ContentPage>
  );
}
