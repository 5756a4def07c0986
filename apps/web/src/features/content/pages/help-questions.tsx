import type { ReactElement, ReactNode } from "react";
import { Link } from "react-router";

export interface FaqEntry {
  /** Its ids in the pages catalog: `help.<key>.q`, and `help.<key>.a1` … `a<paragraphs>` (issue #39). */
  key: string;
  /** Paragraphs of the answer; one unless said. */
  paragraphs?: number;
  /** What the answer's marks (`<0>…</0>`) become: an emphasis or a link. */
  elements?: readonly ReactElement<{ children?: ReactNode }>[];
}

export interface FaqGroup {
  /** The section's anchor; its title is `help.group.<id>`. */
  id: string;
  entries: readonly FaqEntry[];
}

// Numbers here come from the spec (§5 Validation rules, §9 Business constants); keep them in step.
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "getting-started",
    entries: [{ key: "needAccount" }, { key: "free" }, { key: "adult" }, { key: "matching" }],
  },
  {
    id: "random-chat",
    entries: [
      { key: "saved" },
      { key: "leave", elements: [<strong key="end" />, <strong key="next" />] },
      { key: "real", elements: [<strong key="ai" />] },
      { key: "uncomfortable", elements: [<Link key="guidelines" to="/guidelines#scams" />] },
    ],
  },
  {
    id: "group-chat",
    entries: [
      { key: "cantPost" },
      {
        key: "banned",
        elements: [
          <a key="safety" href="mailto:safety@heartline.chat">
            {"safety@heartline.chat"}
          </a>,
        ],
      },
    ],
  },
  {
    id: "friends-streaks",
    entries: [
      { key: "addFriends" },
      { key: "streaks", paragraphs: 2 },
      { key: "pictures" },
      { key: "confessions", elements: [<Link key="privacy" to="/privacy#activity" />] },
    ],
  },
];
