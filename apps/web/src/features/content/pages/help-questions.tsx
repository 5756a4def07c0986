import type { ReactNode } from "react";
import { Link } from "react-router";

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

// Numbers here come from the spec (§5 Validation rules, §9 Business constants); keep them in step.
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting started",
    entries: [
      {
        question: "Do I need an account to chat?",
        answer: (
          <p>
            No. Random one-to-one chat works without signing up. To join the group chat room, continue as a
            guest (a username, your date of birth and gender) or sign in. Direct messages, friends, streaks,
            pictures and GIFs need a free account with a verified e-mail address.
          </p>
        ),
      },
      {
        question: "Is Heartline free?",
        answer: <p>Yes. Chatting, the group room, friends, streaks and the confession wall cost nothing.</p>,
      },
      {
        question: "Why do I have to be 18 or older?",
        answer: (
          <p>
            Heartline is a place for adults to talk to strangers, and keeping minors out keeps everyone safer.
            We check your date of birth when you join and close accounts that belong to anyone under 18.
          </p>
        ),
      },
      {
        question: "How does matching work?",
        answer: (
          <p>
            Before a random chat you choose your gender and who you would like to meet. We only pair you with
            someone whose own choice includes you too, so everyone's preference is respected. How fast you are
            matched depends on who is online at that moment.
          </p>
        ),
      },
    ],
  },
  {
    id: "random-chat",
    title: "Random chat",
    entries: [
      {
        question: "Are my random chats saved?",
        answer: (
          <p>
            No. Random chats live only in our chat servers' memory while they last and disappear when the chat
            ends. The only exception is a report, which keeps a snapshot of the last messages for moderators.
          </p>
        ),
      },
      {
        question: "How do I leave a chat or skip to someone new?",
        answer: (
          <p>
            Press <strong>End</strong> to leave, or <strong>Next</strong> to leave and be matched again with
            the same choices. You can leave at any time, and you never have to explain why.
          </p>
        ),
      },
      {
        question: "Am I talking to a real person?",
        answer: (
          <p>
            Yes, unless the chat is labelled <strong>AI</strong>. When nobody is available, an AI companion
            may keep you company; it is labelled as AI from its first message and never pretends to be human.
            We keep searching for a person meanwhile, and you can turn the companion off in Settings.
          </p>
        ),
      },
      {
        question: "Someone is making me uncomfortable. What should I do?",
        answer: (
          <p>
            Leave with End or Next, then use Report so a moderator sees the last messages. Never send money,
            passwords or intimate pictures to anyone. The <Link to="/guidelines#scams">Guidelines</Link>{" "}
            explain what to do about scams and sextortion.
          </p>
        ),
      },
    ],
  },
  {
    id: "group-chat",
    title: "Group chat and moderation",
    entries: [
      {
        question: "Why can't I post in the group chat room?",
        answer: (
          <p>
            Either a moderator has muted you, which lets you read but not post, or your account's e-mail isn't
            verified yet. Open the link in the verification e-mail and try again.
          </p>
        ),
      },
      {
        question: "I was banned. Can I appeal?",
        answer: (
          <p>
            Yes. Write to <a href="mailto:safety@heartline.chat">safety@heartline.chat</a> with your username,
            and a moderator who wasn't involved will review the ban.
          </p>
        ),
      },
    ],
  },
  {
    id: "friends-streaks",
    title: "Friends, messages and streaks",
    entries: [
      {
        question: "How do I add friends and message them?",
        answer: (
          <p>
            With a registered account, send a friend request from the group chat. Once it is accepted you can
            message each other privately, share images and GIFs, and start a streak.
          </p>
        ),
      },
      {
        question: "How do streaks work?",
        answer: (
          <>
            <p>
              Message a friend on consecutive days and your streak grows by one each calendar day. If your
              last streak day was yesterday the streak shows as breaking; miss a whole day and it resets.
            </p>
            <p>
              Badges unlock at 3, 7, 14, 30, 60 and 90 days. The ten longest streaks make the leaderboard.
            </p>
          </>
        ),
      },
      {
        question: "Which pictures can I share?",
        answer: (
          <p>
            JPG, PNG, GIF and WebP images up to 5 MB. Large photos are resized to 1200 pixels on the longest
            side, and hidden metadata such as GPS location is removed.
          </p>
        ),
      },
      {
        question: "Is the confession wall really anonymous?",
        answer: (
          <p>
            Other users never see who wrote a confession or comment. We record which account posted it so that
            moderators can remove abuse, as the <Link to="/privacy#activity">Privacy Policy</Link> explains.
          </p>
        ),
      },
    ],
  },
];
