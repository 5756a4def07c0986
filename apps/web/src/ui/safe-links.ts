export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// Candidates only: every match is checked again with the URL parser below.
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"']+/gi;
// Sentence punctuation after a link is not part of it ("see https://a.example/x.").
const TRAILING = /[.,!?;:)\]}'"]+$/;

/** An absolute http(s) address, or null (never javascript:, data: or anything else). */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Plain text split into text and links; only http(s) URLs become links. The caller renders parts as
 * React text and `<a>` elements, so nothing in a message is ever parsed as HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const raw = match[0];
    const candidate = raw.replace(TRAILING, "");
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
