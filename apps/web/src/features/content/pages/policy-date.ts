import type { PageDate } from "../components/content-page";

// One date for the legal set, so Privacy, Terms, Cookies and Guidelines never disagree.
export const POLICY_LAST_UPDATED: PageDate = { dateTime: "2026-11-22", label: "22 November 2026" };
