import type { ContentSectionData } from "../components/content-page";

// Terms of Service, second half: ending, disclaimers, liability, changes, contact.
export const TERMS_LIABILITY_SECTIONS: readonly ContentSectionData[] = [
  {
    id: "termination",
    title: "8. Ending the agreement",
    content: (
      <p>
        You can stop using Heartline whenever you like and delete your account in Settings. We may suspend or
        close an account that breaks these terms, or if we have to by law. We may also change or stop
        features, or the whole service; if we shut Heartline down, we will tell registered users in advance
        where we can.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "9. Strangers, and what we can't promise",
    content: (
      <>
        <p>
          Heartline connects you with strangers. We don't check who people are, and what other users say is
          their responsibility, not ours. Be careful with what you share and who you trust, and read the
          safety tips in the Guidelines.
        </p>
        <p>
          We provide Heartline "as is" and "as available". We work hard to keep it running, safe and accurate,
          but we can't promise it will always be available or free of errors, or that you will find a match at
          any given moment.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "10. Limits on our liability",
    content: (
      <>
        <p>
          As far as the law allows, we are not liable for indirect or consequential losses, or for the conduct
          of other users, on or off Heartline. Where we are liable, our total liability is limited to 100
          euros or the amount you paid us in the past 12 months, whichever is higher.
        </p>
        <p>
          Nothing in these terms limits liability that can't be limited by law, such as for death or personal
          injury caused by negligence, or for fraud, or takes away rights you have as a consumer under the
          mandatory law of the country where you live.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "11. Changes to these terms",
    content: (
      <p>
        We may update these terms as Heartline changes. We will change the date at the top, and tell
        registered users by e-mail about changes that matter before they take effect. If you keep using
        Heartline after that, the new terms apply; if you don't agree, you can delete your account.
      </p>
    ),
  },
  {
    id: "contact",
    title: "12. Contact",
    content: (
      <p>
        Questions about these terms: <a href="mailto:support@heartline.chat">support@heartline.chat</a>.
        Urgent safety problems: <a href="mailto:safety@heartline.chat">safety@heartline.chat</a>.
      </p>
    ),
  },
];
