import { Link } from "react-router";
import type { FaqGroup } from "./help-questions";

// Account and troubleshooting answers; limits from spec §5 Validation rules and §9 constants.
export const ACCOUNT_FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "account",
    entries: [
      { key: "guest" },
      { key: "username" },
      { key: "verification" },
      { key: "forgot" },
      { key: "delete", elements: [<Link key="privacy" to="/privacy#deleting" />] },
    ],
  },
  { id: "troubleshooting", entries: [{ key: "reconnecting" }, { key: "theme" }] },
];
