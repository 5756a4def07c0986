import { CHAT_MESSAGE_MAX_LENGTH, type LanguageCode } from "@heartline/shared";
import { AI_REPLY_MAX_LENGTH } from "./openai-chat-client";
import { DISCLOSURE_REPLIES } from "./reply-languages";

/**
 * What the model wrote, made fit for the chat (ARCHITECTURE §9.2). The text is plain text that the
 * client renders as text, so markup never runs; here it only loses what a person must never see:
 * reasoning blocks, control characters, an overlong tail, and any claim to be human.
 */

/** Sent instead of a reply that claims to be human (ARCHITECTURE §9.2), in English; others in `DISCLOSURE_REPLIES`. */
export const DISCLOSURE_REPLY = DISCLOSURE_REPLIES.en;

const ELLIPSIS = "…";

const I_AM = String.raw`\bi(?:'m|m| am)\s+(?:(?:definitely|really|actually|totally|just|truly|100%)\s+)?`;

/** Claims only: "I'm not human" or "I'm an AI, not a person" are honest and pass. */
const HUMAN_CLAIMS: readonly RegExp[] = [
  new RegExp(String.raw`${I_AM}(?:a\s+)?(?:real\s+|actual\s+)?human(?:\s+being)?\b`),
  new RegExp(String.raw`${I_AM}(?:a\s+)?(?:real|actual)\s+(?:person|guy|girl|woman|man)\b`),
  new RegExp(
    String.raw`${I_AM}not\s+(?:an?\s+)?(?:ai|bot|robot|chatbot|machine|program|computer|language\s+model)\b`,
  ),
];

export function claimsToBeHuman(text: string): boolean {
  const normalised = text
    .slice(0, AI_REPLY_MAX_LENGTH)
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, " ");
  return HUMAN_CLAIMS.some((pattern) => pattern.test(normalised));
}

/**
 * The chat-ready reply, or null when nothing usable is left (counted as an endpoint failure). A claim
 * to be human is replaced by the disclosure in the visitor's language.
 */
export function sanitiseReply(
  raw: string,
  personaName: string,
  language: LanguageCode = "en",
): string | null {
  // Cut before any pattern runs: the patterns' cost grows with the text, the endpoint's length is theirs.
  let text = raw
    .slice(0, AI_REPLY_MAX_LENGTH)
    // Reasoning models (DeepSeek-R1, Qwen3 via Ollama) put their thinking before the answer.
    .replace(/<think>[\s\S]*?(?:<\/think>|$)/gi, "")
    // Control characters (C0, DEL, C1) other than newline and tab.
    .replace(/\p{Cc}/gu, (character) => (character === "\n" || character === "\t" ? character : ""))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  // Small models often prefix their line with their own name, as in a script.
  const prefix = new RegExp(`^${escapeRegExp(personaName)}\\s*:\\s*`, "i");
  text = text.replace(prefix, "").trim();
  if (text === "") return null;
  if (claimsToBeHuman(text)) return DISCLOSURE_REPLIES[language];
  return capLength(text, CHAT_MESSAGE_MAX_LENGTH);
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis. */
function capLength(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const head = characters.slice(0, max - ELLIPSIS.length).join("");
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > max * 0.8 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd()}${ELLIPSIS}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
