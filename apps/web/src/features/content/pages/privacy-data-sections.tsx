import { Link } from "react-router";
import type { ContentSectionData } from "../components/content-page";

// Privacy Policy: what is stored, where it goes. Keep in step with the data model (ARCHITECTURE §4).
export const PRIVACY_DATA_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "accounts",
    title: "What we store about you",
    content: (
      <>
        <h3>If you only use random chat</h3>
        <p>
          No account is needed. Your browser gets a random visitor id so the chat server can tell your
          connection apart from others; it is not linked to your name or e-mail.
        </p>
        <h3>Guest accounts</h3>
        <p>
          Joining the group chat as a guest stores the <strong>username</strong>,{" "}
          <strong>date of birth</strong> and <strong>gender</strong> you enter. Guests have no e-mail or
          password, so a guest account is temporary: once you log out or clear your browser data you can't
          sign back in to it.
        </p>
        <h3>Registered accounts</h3>
        <p>
          A full account stores your <strong>e-mail address</strong> (verified by a link we send you), a{" "}
          <strong>hash of your password</strong> (never the password itself), your <strong>username</strong>,{" "}
          <strong>date of birth</strong> and <strong>gender</strong>, and, if you add them, a{" "}
          <strong>bio</strong> and <strong>profile and banner pictures</strong>.
        </p>
        <p>
          We use your date of birth only to check that you are 18 or older; other users don't see it. Your
          username, pictures, bio, gender colour, online or away status and when you were last active are
          visible to other users.
        </p>
      </>
    ),
  },
  {
    id: "activity",
    title: "Messages and activity we store",
    content: (
      <>
        <p>These features only work if we keep their data, so our database stores:</p>
        <ul>
          <li>
            direct messages and your conversation list (including which ones you hid and what you read);
          </li>
          <li>messages in the group chat room;</li>
          <li>friend requests and friendships, and your daily streaks with friends;</li>
          <li>confessions, emoji reactions and comments on the confession wall;</li>
          <li>the users you block;</li>
          <li>reports you make or that are made about you, with their message snapshots;</li>
          <li>bans and mutes, with who applied them, when, and why.</li>
        </ul>
        <p>
          Confessions and comments are shown to other users without your name or picture. We still record
          which account posted them, so moderators can act on abuse. Streak counts, usernames and avatars of
          the top 10 appear on the public leaderboard.
        </p>
      </>
    ),
  },
  {
    id: "pictures",
    title: "Pictures you upload",
    content: (
      <p>
        Profile and banner pictures, and images you share in direct messages, are re-encoded on our server
        before they are stored. Re-encoding removes hidden metadata such as EXIF data and GPS location, so a
        photo can't reveal where or with which device it was taken. Animated GIFs are kept as they are.
      </p>
    ),
  },
  {
    id: "ai-companion",
    title: "The AI companion",
    content: (
      <p>
        If nobody is found for a random chat, an AI companion may fill in, always labelled as AI. Only then,
        and only the messages of that AI conversation, are sent to the AI provider we have configured so it
        can write its replies. Turn the companion off in Settings and nothing is ever sent to it.
      </p>
    ),
  },
  {
    id: "device",
    title: "What your browser keeps",
    content: (
      <>
        <p>
          When you sign in or join as a guest we set one <strong>session cookie</strong>. It is HttpOnly, so
          scripts on the page can't read it, and it exists only to keep you signed in.
        </p>
        <p>
          Your browser's local storage keeps your light or dark theme (under <code>heartline-theme</code>),
          your gender and partner preference and chat counters (under the key <code>chat-storage</code>), and
          the random visitor id. These stay on your device. The <Link to="/cookies">Cookie Policy</Link> lists
          them and explains how to clear them.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    title: "Counting visits, not people",
    content: (
      <>
        <p>
          We count how many times each page is viewed per day, and that is all: no per-person analytics, no
          profiles of your browsing, no third-party trackers, no advertising, no social-media pixels.
        </p>
        <p>
          Like every website, our servers see your IP address to answer your requests. We use it to slow down
          abuse (limits on sign-ins, messages and uploads) for the short time window a limit lasts, not to
          follow you. The "I'm human" check runs on our own server as a small puzzle your browser solves; it
          doesn't track you.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who else sees your data",
    content: (
      <>
        <p>We never sell or rent personal data. We share it only with:</p>
        <ul>
          <li>
            the hosting and storage providers that run our servers, under contract and only to run them;
          </li>
          <li>the e-mail delivery service that sends verification and password-reset e-mails;</li>
          <li>the AI provider, in the one case described above;</li>
          <li>
            authorities, when the law requires it, or when we report sexual content involving minors or a
            serious threat to someone's life.
          </li>
        </ul>
        <p>
          Inside Heartline, moderators see reports, their snapshots, and the group chat room. They don't
          browse private messages.
        </p>
      </>
    ),
  },
];
