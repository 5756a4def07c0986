import type { LucideIcon } from "lucide-react";
import { LifeBuoy, Lock, Mail, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { type Translate, useT } from "../../../lib/i18n/use-t";
import { Callout } from "../components/callout";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { ExternalLink } from "../components/external-link";

interface Channel {
  icon: LucideIcon;
  /** Its id in the catalogs: `contact.<id>.title`, `.use` and `.time`. */
  id: "support" | "safety" | "privacy";
  email: string;
}

const SAFETY_EMAIL = "safety@heartline.chat";

// There is no contact API on purpose: e-mail keeps a record on both sides and needs no extra data store.
const CHANNELS: readonly Channel[] = [
  { icon: LifeBuoy, id: "support", email: "support@heartline.chat" },
  { icon: ShieldAlert, id: "safety", email: SAFETY_EMAIL },
  { icon: Lock, id: "privacy", email: "privacy@heartline.chat" },
];

function ChannelList() {
  const t = useT();
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      {CHANNELS.map(({ icon: Icon, id, email }) => (
        <div
          key={email}
          className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="flex items-center gap-3 font-semibold text-zinc-900 dark:text-zinc-100">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {t(`contact.${id}.title`)}
          </dt>
          <dd className="mt-3 flex flex-1 flex-col gap-3 text-sm leading-6">
            <span>{t(`contact.${id}.use`)}</span>
            <a href={`mailto:${email}`} className="break-all">
              {email}
            </a>
            <span className="mt-auto text-zinc-500 dark:text-zinc-400">{t(`contact.${id}.time`)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function contactSections(t: Translate): readonly ContentSectionData[] {
  return [
    {
      id: "write-to-us",
      title: t("contact.write.title"),
      content: (
        <>
          <p>{t("contact.write.text")}</p>
          <ChannelList />
        </>
      ),
    },
    {
      id: "report-a-user",
      title: t("contact.report.title"),
      content: (
        <p>
          <RichText
            message={t("contact.report.text")}
            elements={[
              <strong key="report" />,
              // The message's marked words replace this text (the address itself in every language).
              <a key="safety" href={`mailto:${SAFETY_EMAIL}`}>
                {SAFETY_EMAIL}
              </a>,
            ]}
          />
        </p>
      ),
    },
    {
      id: "what-to-include",
      title: t("contact.include.title"),
      content: (
        <ul>
          <li>{t("contact.include.username")}</li>
          <li>{t("contact.include.when")}</li>
          <li>{t("contact.include.screenshots")}</li>
          <li>{t("contact.include.privacy")}</li>
        </ul>
      ),
    },
    {
      id: "emergencies",
      title: t("contact.emergencies.title"),
      content: (
        <Callout title={t("contact.emergencies.callout")} tone="urgent">
          <p>
            <RichText
              message={t("contact.emergencies.text")}
              elements={[<ExternalLink key="helpline" href="https://findahelpline.com" />]}
            />
          </p>
        </Callout>
      ),
    },
  ];
}

export function ContactPage() {
  const t = useT();
  return (
    <ContentPage
      title={t("layout.link.contact")}
      icon={Mail}
      eyebrow={t("contact.eyebrow")}
      intro={
        <p>
          <RichText message={t("contact.intro")} elements={[<Link key="faq" to="/help" />]} />
        </p>
      }
      sections={contactSections(t)}
      related={["help", "guidelines", "privacy", "terms"]}
    />
  );
}
