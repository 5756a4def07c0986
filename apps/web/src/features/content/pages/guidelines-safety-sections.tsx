import { Callout } from "../components/callout";
import type { ContentSectionData } from "../components/content-page";
import { ExternalLink } from "../components/external-link";

// The safety half of the Community Guidelines page: tips, scams and crisis help.
export const SAFETY_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "safety-tips",
    title: "Staying safe",
    content: (
      <>
        <p>Anonymity protects you only as long as you keep it. Before you share anything, remember:</p>
        <ul>
          <li>
            Don't share your full name, home address, school or workplace, phone number, or photos that show
            where you live.
          </li>
          <li>
            Never share passwords, verification codes, bank or card details, or ID documents. Nobody from
            Heartline will ever ask for them.
          </li>
          <li>
            Moving to another app is your choice, never an obligation. Take your time: someone who pushes you
            to switch quickly, or to a video call right away, is a warning sign.
          </li>
          <li>
            If you decide to meet someone in person, meet in a busy public place, tell a friend where you'll
            be, and arrange your own way there and back.
          </li>
          <li>Trust your instincts. If something feels off, press End or Next, then block and report.</li>
        </ul>
      </>
    ),
  },
  {
    id: "scams",
    title: "Romance scams and sextortion",
    content: (
      <>
        <p>
          <strong>Romance scams</strong> start with warmth and attention and end with a request for money: an
          emergency, a plane ticket, a customs fee, a "sure" investment or crypto tip. Someone you have only
          met online who asks for money, gift cards or crypto is almost always a scammer, however real it
          feels.
        </p>
        <p>
          <strong>Sextortion</strong> is when someone gets intimate pictures or video of you, or claims to,
          and threatens to send them to your friends or family unless you pay or send more.
        </p>
        <Callout title="If someone is threatening you" tone="urgent">
          <ol>
            <li>
              <strong>Stop replying.</strong> Don't negotiate and don't send anything else.
            </li>
            <li>
              <strong>Don't pay.</strong> Paying rarely ends it; it usually leads to more demands.
            </li>
            <li>
              <strong>Save evidence</strong>: screenshots of the messages, the username, and any payment
              details they gave you.
            </li>
            <li>
              <strong>Report and block</strong> them on Heartline, and report them to the police.
            </li>
            <li>
              Use <ExternalLink href="https://stopncii.org">StopNCII.org</ExternalLink> to help stop intimate
              images of you being shared on participating platforms. If the images were taken when you were
              under 18, use <ExternalLink href="https://takeitdown.ncmec.org">Take It Down</ExternalLink>.
            </li>
          </ol>
          <p>It is not your fault, and you are not alone: this happens to many people, and help exists.</p>
        </Callout>
      </>
    ),
  },
  {
    id: "crisis",
    title: "If you or someone else is in danger",
    content: (
      <Callout title="Get help now" tone="urgent">
        <p>
          If you or someone you are talking to is in immediate danger, contact your local emergency services
          right away. If you are struggling or thinking about suicide, you can find free, confidential crisis
          lines in your country at{" "}
          <ExternalLink href="https://findahelpline.com">findahelpline.com</ExternalLink>. To tell us about an
          urgent safety problem on Heartline, write to{" "}
          <a href="mailto:safety@heartline.chat">safety@heartline.chat</a>.
        </p>
      </Callout>
    ),
  },
];
