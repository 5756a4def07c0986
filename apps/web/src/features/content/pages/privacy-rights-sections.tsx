import type { ContentSectionData } from "../components/content-page";

// Privacy Policy: why, how long, where, and what you can ask of us.
export const PRIVACY_RIGHTS_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "why",
    title: "Why we use your data",
    content: (
      <ul>
        <li>
          <strong>To provide the service you asked for</strong>: your account, your messages, friends, streaks
          and the confession wall (performance of our contract with you).
        </li>
        <li>
          <strong>To keep people safe</strong>: age checks, reports, mutes, bans and rate limits against abuse
          (our legitimate interest, and yours, in a safe community).
        </li>
        <li>
          <strong>To meet legal duties</strong>, such as answering lawful requests and reporting child sexual
          abuse material.
        </li>
      </ul>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    content: (
      <ul>
        <li>
          <strong>Random chats</strong>: not kept at all. They end with the chat.
        </li>
        <li>
          <strong>Your account and profile</strong>: until you delete your account.
        </li>
        <li>
          <strong>Direct messages and conversations</strong>: until you or the other person deletes their
          account. Hiding a conversation only hides it from your list.
        </li>
        <li>
          <strong>Group chat messages, confessions, reactions and comments</strong>: they belong to shared
          spaces and stay until a moderator removes them. Ask us to remove yours at any time.
        </li>
        <li>
          <strong>Reports, their snapshots, bans and mutes</strong>: for as long as they are needed to keep
          the community safe, so that a banned person can't erase their record by deleting the account.
        </li>
        <li>
          <strong>Page view counts</strong>: kept as statistics; they contain no personal data.
        </li>
      </ul>
    ),
  },
  {
    id: "location",
    title: "Where your data lives",
    content: (
      <p>
        Everything we store sits in Heartline's own database and file storage on the servers we rent from our
        hosting provider. Connections to Heartline are encrypted (HTTPS). If those servers are in a different
        country from yours, the same protections in this policy apply there, and where the law requires it we
        use the approved safeguards for international transfers, such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: "deleting",
    title: "Deleting your account",
    content: (
      <p>
        You can delete your account at any time in Settings. Deleting it removes your profile and pictures,
        your friend requests and friendships, and every direct message and conversation you took part in. This
        can't be undone. A guest account can be deleted the same way before you log out.
      </p>
    ),
  },
  {
    id: "rights",
    title: "Your rights",
    content: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>give you a copy of the personal data we hold about you;</li>
          <li>correct data that is wrong;</li>
          <li>delete your data, or restrict or object to how we use it;</li>
          <li>hand your data over in a portable format.</li>
        </ul>
        <p>
          Write to <a href="mailto:privacy@heartline.chat">privacy@heartline.chat</a> from the e-mail address
          on your account. We answer within 30 days. If you are not happy with our answer, you can complain to
          the data protection authority where you live.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    content: (
      <p>
        Passwords are stored only as strong one-way hashes. The session cookie is HttpOnly and sent only over
        encrypted connections. Uploaded pictures are checked and re-encoded before they are stored. Access to
        the database is limited to the people who run the service.
      </p>
    ),
  },
  {
    id: "adults-only",
    title: "Adults only",
    content: (
      <p>
        Heartline is only for people aged 18 and over. We don't knowingly collect data from anyone younger,
        and we delete accounts that we learn belong to minors.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p>
        When we change what we store or how we use it, we update this page and the date at the top. If a
        change matters, for example a new kind of data, we tell registered users by e-mail before it takes
        effect.
      </p>
    ),
  },
];
