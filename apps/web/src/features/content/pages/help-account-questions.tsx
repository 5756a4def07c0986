import { Link } from "react-router";
import type { FaqGroup } from "./help-questions";

// Account and troubleshooting answers; limits from spec §5 Validation rules and §9 constants.
export const ACCOUNT_FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "account",
    title: "Your account",
    entries: [
      {
        question: "What's the difference between a guest and an account?",
        answer: (
          <p>
            A guest is temporary: there is no e-mail or password, so once you log out or clear your browser
            data it's gone. A registered account keeps your friends, messages and streaks, and unlocks profile
            and banner pictures. A guest can upgrade by adding an e-mail and password and keeps the same
            username.
          </p>
        ),
      },
      {
        question: "What can my username be?",
        answer: (
          <p>
            3 to 20 characters: letters, numbers, underscores and hyphens. Usernames are unique regardless of
            upper or lower case.
          </p>
        ),
      },
      {
        question: "I didn't get the verification e-mail.",
        answer: (
          <p>
            Check your spam or junk folder first. You can ask for a new e-mail from the verification window
            once its 60-second countdown ends.
          </p>
        ),
      },
      {
        question: "I forgot my password.",
        answer: (
          <p>
            Choose Sign In, then Forgot password, and enter your e-mail address. If it belongs to an account,
            a reset link arrives within a few minutes.
          </p>
        ),
      },
      {
        question: "How do I delete my account?",
        answer: (
          <p>
            In Settings. It removes your profile, friend requests, direct messages and conversations, and
            can't be undone. The <Link to="/privacy#deleting">Privacy Policy</Link> has the details.
          </p>
        ),
      },
    ],
  },
  {
    id: "troubleshooting",
    title: "Troubleshooting",
    entries: [
      {
        question: "The chat says it's reconnecting.",
        answer: (
          <p>
            Your connection dropped for a moment. Heartline reconnects by itself; if it doesn't within a
            minute, check your internet connection and reload the page.
          </p>
        ),
      },
      {
        question: "Light or dark theme?",
        answer: (
          <p>
            Heartline follows your device's setting at first. Switch it with the theme button, and we remember
            your choice on this device.
          </p>
        ),
      },
    ],
  },
];
