import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { POLICY_LAST_UPDATED } from "./policy-date";
import { PRIVACY_DATA_SECTIONS } from "./privacy-data-sections";
import { PRIVACY_RIGHTS_SECTIONS } from "./privacy-rights-sections";

const OPENING_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "short-version",
    title: "The short version",
    content: (
      <ul>
        <li>
          <strong>Random one-to-one chats are not stored.</strong> They pass through our servers' memory while
          the chat lasts and are gone when it ends.
        </li>
        <li>We keep what the features you use need: your account, your direct messages, your friends.</li>
        <li>No ads, no third-party trackers, no selling or renting of your data, ever.</li>
        <li>We count page views per page per day. We don't track you from page to page.</li>
        <li>You can delete your account, and what belongs to it, from Settings.</li>
      </ul>
    ),
  },
  {
    id: "who-we-are",
    title: "Who is responsible",
    content: (
      <p>
        Heartline ("we", "us") runs this website and the chat service behind it and is responsible for your
        personal data under this policy. For anything about your data, write to{" "}
        <a href="mailto:privacy@heartline.chat">privacy@heartline.chat</a>.
      </p>
    ),
  },
  {
    id: "random-chats",
    title: "Random chats are not stored",
    content: (
      <>
        <p>
          Messages in a random one-to-one chat are relayed through our chat servers and held only in their
          memory for the length of the session. We don't write them to our database or to logs, and when you
          press End or Next, or close the page, they are gone for good. Nobody, including us, can read them
          afterwards.
        </p>
        <p>
          The one exception is a report: when you press Report, a snapshot of the last messages of that chat
          is saved with the report so that moderators can see what happened. Nothing else from the chat is
          kept.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      icon={Lock}
      eyebrow="Legal"
      intro={
        <p>
          This policy explains, in plain words, what Heartline stores about you, what it deliberately doesn't,
          who else sees any of it, and how you can have it deleted. It describes what the software actually
          does.
        </p>
      }
      lastUpdated={POLICY_LAST_UPDATED}
      hasContents
      sections={[...OPENING_SECTIONS, ...PRIVACY_DATA_SECTIONS, ...PRIVACY_RIGHTS_SECTIONS]}
      related={["cookies", "terms", "guidelines", "contact"]}
    >
      <p>
        See also our <Link to="/cookies">Cookie Policy</Link>, our <Link to="/terms">Terms of Service</Link>{" "}
        and our <Link to="/guidelines">Community Guidelines</Link>.
      </p>
    </ContentPage>
  );
}
