import type { LucideIcon } from "lucide-react";
import { LifeBuoy, Lock, Mail, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { Callout } from "../components/callout";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { ExternalLink } from "../components/external-link";

interface Channel {
  icon: LucideIcon;
  title: string;
  email: string;
  use: string;
  responseTime: string;
}

// There is no contact API on purpose: e-mail keeps a record on both sides and needs no extra data store.
const CHANNELS: readonly Channel[] = [
  {
    icon: LifeBuoy,
    title: "Support",
    email: "support@heartline.chat",
    use: "Questions about your account, sign-in problems, bugs and feedback.",
    responseTime: "We reply within 2 working days.",
  },
  {
    icon: ShieldAlert,
    title: "Safety",
    email: "safety@heartline.chat",
    use: "Urgent safety reports: threats, sextortion, anyone under 18, appeals against a ban.",
    responseTime: "Read every day; urgent reports are handled first, within 24 hours.",
  },
  {
    icon: Lock,
    title: "Privacy",
    email: "privacy@heartline.chat",
    use: "A copy of your data, corrections, deletion and other privacy requests.",
    responseTime: "We answer within 30 days, usually much sooner.",
  },
];

function ChannelList() {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      {CHANNELS.map(({ icon: Icon, title, email, use, responseTime }) => (
        <div
          key={email}
          className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="flex items-center gap-3 font-semibold text-zinc-900 dark:text-zinc-100">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {title}
          </dt>
          <dd className="mt-3 flex flex-1 flex-col gap-3 text-sm leading-6">
            <span>{use}</span>
            <a href={`mailto:${email}`} className="break-all">
              {email}
            </a>
            <span className="mt-auto text-zinc-500 dark:text-zinc-400">{responseTime}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const SECTIONS: readonly ContentSectionData[] = [
  {
    id: "write-to-us",
    title: "Write to us",
    content: (
      <>
        <p>Pick the address that fits, so your message reaches the right people first.</p>
        <ChannelList />
      </>
    ),
  },
  {
    id: "report-a-user",
    title: "Reporting someone in a chat",
    content: (
      <p>
        To report a user in a chat, use the <strong>Report</strong> button in that chat. It sends the
        moderators a snapshot of the last messages, which an e-mail can't: random chats are not stored, so
        once the chat ends there is nothing left for us to look at. If it is urgent, also write to{" "}
        <a href="mailto:safety@heartline.chat">safety@heartline.chat</a>.
      </p>
    ),
  },
  {
    id: "what-to-include",
    title: "What to include",
    content: (
      <ul>
        <li>your username, and the other person's if it is about someone else;</li>
        <li>when it happened, with your time zone;</li>
        <li>screenshots, if you have them;</li>
        <li>
          for privacy requests, write from the e-mail address on your account so we can confirm it's you.
        </li>
      </ul>
    ),
  },
  {
    id: "emergencies",
    title: "Emergencies",
    content: (
      <Callout title="We are not an emergency service" tone="urgent">
        <p>
          If you or someone else is in immediate danger, contact your local emergency services now. Free,
          confidential crisis lines for your country are listed at{" "}
          <ExternalLink href="https://findahelpline.com">findahelpline.com</ExternalLink>.
        </p>
      </Callout>
    ),
  },
];

export function ContactPage() {
  return (
    <ContentPage
      title="Contact"
      icon={Mail}
      eyebrow="Get in touch"
      intro={
        <p>
          A real person reads every message. Before writing, the <Link to="/help">FAQ</Link> may already have
          your answer.
        </p>
      }
      sections={SECTIONS}
      related={["help", "guidelines", "privacy", "terms"]}
    />
  );
}
