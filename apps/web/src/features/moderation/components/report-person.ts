import type { ReportPersonAccount } from "@heartline/shared";

/** The last characters of an id: enough to tell two visitors apart in the queue. */
function shortId(id: string): string {
  return id.length > 8 ? `…${id.slice(-8)}` : id;
}

/**
 * How the admin queue names a report's person (issue #38): the account's public name, or for a
 * random-chat visitor without an account "Visitor" and their id, never "Unknown User".
 */
export function reportPersonName(username: string | null, id: string): string {
  return username ?? `Visitor ${shortId(id)}`;
}

/** What Ban and Mute act on for this person, said before an admin presses them. */
export function moderationScope(account: ReportPersonAccount, name: string, id: string): string {
  if (account === "none") {
    return `A random-chat visitor without an account (id ${shortId(id)}): Ban and Mute act on accounts, so there is nothing to ban. They no longer meet the reporter.`;
  }
  const kind = account === "guest" ? "guest account" : "registered account";
  return `Ban and Mute act on the ${kind} ${name} (id ${shortId(id)}) and the browsers it was seen with.`;
}
