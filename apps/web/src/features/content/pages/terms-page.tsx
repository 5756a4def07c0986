import { Scale } from "lucide-react";
import { Link } from "react-router";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { POLICY_LAST_UPDATED } from "./policy-date";
import { TERMS_LIABILITY_SECTIONS } from "./terms-liability-sections";

const USE_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "agreement",
    title: "1. The agreement",
    content: (
      <p>
        These terms are the agreement between you and Heartline ("we", "us") for using heartline.chat and its
        chat service. By using Heartline, with or without an account, you accept them, together with the{" "}
        <Link to="/guidelines">Community Guidelines</Link>. How we handle your data is explained in the{" "}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "2. You must be 18 or older",
    content: (
      <p>
        Heartline is only for adults. By using it you confirm that you are at least 18 years old and allowed
        by the law where you live to use a service like this. We close accounts that we learn belong to
        someone younger.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "3. Guests and accounts",
    content: (
      <>
        <p>
          Random chat needs no account. Guest accounts are temporary: they can't be recovered after you log
          out or clear your browser data. A registered account needs a verified e-mail address.
        </p>
        <ul>
          <li>Give true information about your age. Usernames must not impersonate anyone.</li>
          <li>Keep your password to yourself; you are responsible for what happens in your account.</li>
          <li>One person per account. Don't sell, share or transfer accounts.</li>
          <li>Don't create new accounts to get around a mute or a ban.</li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "4. Acceptable use",
    content: (
      <>
        <p>
          Follow the <Link to="/guidelines">Community Guidelines</Link> everywhere on Heartline. In short: no
          harassment, hate, threats or doxxing; no sexual content involving minors; no unsolicited explicit
          content; no spam, scams or advertising; no impersonation; nothing illegal. In addition, don't:
        </p>
        <ul>
          <li>use bots, scripts or automation to chat, match, post or create accounts;</li>
          <li>try to get around rate limits, the human check, blocks, mutes or bans;</li>
          <li>probe, overload or attack the service, or access data that isn't yours;</li>
          <li>record or republish other people's messages to expose or shame them.</li>
        </ul>
      </>
    ),
  },
  {
    id: "your-content",
    title: "5. Your content",
    content: (
      <p>
        What you write and upload stays yours. You give us a limited, worldwide, royalty-free licence to
        store, copy, process and show it only as needed to operate Heartline: delivering your messages,
        showing your profile and confessions, and moderation. The licence ends when the content is deleted,
        except for copies kept under the <Link to="/privacy#retention">retention rules</Link> of the Privacy
        Policy (reports, for example). You confirm you have the right to share what you post.
      </p>
    ),
  },
  {
    id: "moderation",
    title: "6. Moderation",
    content: (
      <p>
        We may review reported content, remove content, and mute, ban or close accounts that break these terms
        or the Guidelines, or that put people at risk. We try to be fair and proportionate, but we decide;
        serious cases may be acted on without warning. If you think we got it wrong, write to{" "}
        <a href="mailto:safety@heartline.chat">safety@heartline.chat</a> and someone not involved in the
        decision will review it.
      </p>
    ),
  },
  {
    id: "ai-companion",
    title: "7. The AI companion",
    content: (
      <p>
        When no person is found for a random chat, Heartline may connect you to an AI companion. It is always
        labelled as AI and never presents itself as a human. We keep looking for a person while you talk to
        it, and you can turn it off in Settings. Its replies are generated automatically: they can be wrong,
        are not advice, and are not the views of Heartline.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      icon={Scale}
      eyebrow="Legal"
      intro={
        <p>
          The rules of the road, in plain English. Please read them: by using Heartline you agree to them.
        </p>
      }
      lastUpdated={POLICY_LAST_UPDATED}
      hasContents
      sections={[...USE_SECTIONS, ...TERMS_LIABILITY_SECTIONS]}
      related={["guidelines", "privacy", "cookies", "contact"]}
    />
  );
}
