import LinkifyIt from "linkify-it";
import { INVITE_HOSTS, SHORTENER_HOSTS } from "./link-lists";
import { AUTOMOD_MATCH_CAP } from "./word-rules";

export type LinkKind = "invite" | "shortener" | "other";

export interface FoundLink {
  url: string;
  kind: LinkKind;
}

/** "example.com" without a scheme counts as a link (people type them that way). */
const linkify = new LinkifyIt().set({ fuzzyLink: true, fuzzyEmail: false });

/** `host/path` without `www.`, lower-case, for the prefix lists. */
function hostAndPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, "")}${parsed.pathname}`.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

function matchesHost(target: string, entry: string): boolean {
  return target === entry || target.startsWith(`${entry}/`) || target.startsWith(`${entry}?`);
}

/** Every link in the (capped) text, with its kind; the strongest kind first. */
export function findLinks(text: string): FoundLink[] {
  const matches = linkify.match(text.slice(0, AUTOMOD_MATCH_CAP)) ?? [];
  const links = matches.map((match): FoundLink => {
    const target = hostAndPath(match.url);
    const kind: LinkKind = INVITE_HOSTS.some((entry) => matchesHost(target, entry))
      ? "invite"
      : SHORTENER_HOSTS.some((entry) => matchesHost(target, entry))
        ? "shortener"
        : "other";
    return { url: match.text, kind };
  });
  const order: Record<LinkKind, number> = { invite: 0, shortener: 1, other: 2 };
  return links.sort((a, b) => order[a.kind] - order[b.kind]);
}
