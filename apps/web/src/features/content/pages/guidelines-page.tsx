import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { SAFETY_SECTIONS } from "./guidelines-safety-sections";
import { POLICY_LAST_UPDATED } from "./policy-date";

const RULE_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "adults-only",
    title: "Adults only",
    content: (
      <p>
        Heartline is for people who are <strong>18 or older</strong>. We ask for your date of birth when you
        join as a guest or create an account, and we close any account that we learn belongs to someone under
        18. If you think you are talking to a minor, end the chat and report it.
      </p>
    ),
  },
  {
    id: "respect",
    title: "Respect and consent",
    content: (
      <>
        <p>
          Everyone here is a person who chose to talk to a stranger. Treat them the way you would want to be
          treated by someone you just met.
        </p>
        <ul>
          <li>Take no for an answer. If someone changes the subject, goes quiet or leaves, let it go.</li>
          <li>Ask before you get personal, flirt or send a picture, and accept the answer.</li>
          <li>Disagree with ideas, not with who someone is.</li>
          <li>Everyone picks their own gender and who they want to meet. Respect both.</li>
        </ul>
      </>
    ),
  },
  {
    id: "not-allowed",
    title: "What is not allowed",
    content: (
      <>
        <ul>
          <li>
            <strong>Harassment and bullying</strong>: insults, repeated unwanted messages, following someone
            from room to room, pressuring people for photos or personal details.
          </li>
          <li>
            <strong>Hate</strong>: attacks on people for their race, ethnicity, nationality, religion, caste,
            gender, gender identity, sexual orientation, disability or age.
          </li>
          <li>
            <strong>Threats and violence</strong>: threatening anyone, encouraging self-harm, or praising
            violence against people.
          </li>
          <li>
            <strong>Doxxing</strong>: sharing anyone's real name, address, phone number, workplace, photos or
            other personal information without their consent, or threatening to.
          </li>
          <li>
            <strong>Unsolicited explicit content</strong>: sexual messages, pictures or GIFs sent to someone
            who has not clearly asked for them. Explicit images are never allowed in the group room or on the
            confession wall.
          </li>
          <li>
            <strong>Spam, scams and advertising</strong>: links to other sites or apps for promotion, selling
            anything, asking for money or gifts, crypto or investment "opportunities", and bots.
          </li>
          <li>
            <strong>Impersonation</strong>: pretending to be another user, a moderator, a public figure or a
            member of the Heartline team.
          </li>
          <li>
            <strong>Illegal activity</strong>: anything that breaks the law where you or the other person
            live.
          </li>
        </ul>
        <p>
          <strong>Zero tolerance for any sexual content involving minors.</strong> Sharing, asking for or
          describing it, or sexual talk with anyone under 18, gets the account removed at once, and we report
          it to the authorities (in the United States to NCMEC, elsewhere to the national hotline or police).
        </p>
      </>
    ),
  },
  {
    id: "reporting",
    title: "Leaving, blocking and reporting",
    content: (
      <>
        <p>You are always in control of a conversation, and you never owe anyone an explanation.</p>
        <ul>
          <li>
            <strong>End or Next</strong>: leave a random chat at any moment. Next finds you someone new with
            the same choices.
          </li>
          <li>
            <strong>Block</strong>: a blocked user can no longer send you direct messages or friend requests.
            You can unblock them later.
          </li>
          <li>
            <strong>Report</strong>: use the Report button in the chat. It sends the moderators a snapshot of
            the last messages of that conversation, so they see what happened even though random chats are not
            stored. Reports are confidential: the other person is not told who reported them.
          </li>
        </ul>
        <p>
          False or revenge reports waste the time moderators need for real problems and are themselves a
          breach of these guidelines.
        </p>
      </>
    ),
  },
  {
    id: "moderation",
    title: "Mutes, bans and what moderators do",
    content: (
      <>
        <p>
          Moderators are members of the Heartline team with admin rights. They review reports, watch the group
          chat room, remove confessions and comments that break these rules, and decide on mutes and bans.
          They only see a private conversation when someone in it reports it.
        </p>
        <ul>
          <li>
            <strong>Mute</strong>: a muted user can still read the group chat room but cannot post in it.
            Mutes are for lighter or first-time problems.
          </li>
          <li>
            <strong>Ban</strong>: a banned user is removed from the group chat room and cannot come back; the
            ban follows the username, not just the device. Serious or repeated breaches, and anything
            involving minors, threats or doxxing, can also close the whole account.
          </li>
        </ul>
        <p>
          If you think a mute or ban was a mistake, write to{" "}
          <a href="mailto:safety@heartline.chat">safety@heartline.chat</a> with your username, and a moderator
          who was not involved will look at it again.
        </p>
      </>
    ),
  },
  {
    id: "ai-companion",
    title: "The AI companion",
    content: (
      <p>
        When nobody is available for a random chat, an AI companion may keep you company while we keep
        searching for a person. It is always labelled <strong>AI</strong>, it never claims to be human, and
        you can turn it off in Settings. These guidelines apply to how you talk to it, too.
      </p>
    ),
  },
];

export function GuidelinesPage() {
  return (
    <ContentPage
      title="Community Guidelines"
      icon={ShieldCheck}
      eyebrow="Safety"
      intro={
        <p>
          Heartline works because strangers can talk freely without fear. Anonymity is for your privacy, not a
          licence to hurt anyone: these rules apply in every random chat, the group room, direct messages and
          the confession wall. Breaking them gets people muted or banned.
        </p>
      }
      lastUpdated={POLICY_LAST_UPDATED}
      hasContents
      sections={[...RULE_SECTIONS, ...SAFETY_SECTIONS]}
      related={["privacy", "terms", "help", "contact"]}
    >
      <p>
        These guidelines are part of our <Link to="/terms">Terms of Service</Link>. How we handle the data
        behind reports and bans is described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </ContentPage>
  );
}
