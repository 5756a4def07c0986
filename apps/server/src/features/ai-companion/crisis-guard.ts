/**
 * Self-harm safety net of the AI companion (issue 4, ARCHITECTURE §9.2). The system prompt asks the
 * model to answer such messages with care, but a model can ignore it, so a message that mentions
 * self-harm or suicide never reaches the model: the companion answers with `CRISIS_REPLY` itself.
 * The list errs on the side of caring: a rare false positive costs one kind message.
 */

/** The fixed answer: caring, honest about being an AI, and with resources that work worldwide. */
export const CRISIS_REPLY =
  "I'm really sorry you're feeling this way, and I'm glad you told me. I'm an AI, so please reach out " +
  "to a person who can help right now: if you are in danger, call your local emergency number. You can " +
  "find a free, confidential helpline in your country at findahelpline.com, and in the US you can call " +
  "or text 988 (Suicide & Crisis Lifeline). You don't have to go through this alone.";

const MYSELF = String.raw`my\s*self`;

const CRISIS_PATTERNS: readonly RegExp[] = [
  /\bsuicid(?:e|es|al|ality)\b/,
  new RegExp(
    String.raw`\b(?:kill|killing|killed|hurt|hurting|harm|harming|cut|cutting|hang|hanging|burn|burning|starve|starving|unalive|unaliving)\s+${MYSELF}\b`,
  ),
  /\bunalive\b/,
  /\bkms\b/,
  /\bself[\s-]?(?:harm|harming|injury|injuring|mutilation)\b/,
  /\b(?:end|ending|take|taking)\s+my\s+(?:own\s+)?life\b/,
  /\bend(?:ing)?\s+it\s+all\b/,
  /\b(?:want|wanna|going|gonna|ready|wish|plan|planning)\s+(?:to\s+)?die\b/,
  /\bwish\s+i\s+(?:was|were)\s+(?:dead|never\s+born)\b/,
  /\bbetter\s+off\s+dead\b/,
  /\b(?:don't|do\s+not|dont)\s+want\s+to\s+(?:live|be\s+alive|exist|be\s+here\s+anymore|wake\s+up)\b/,
  /\bno\s+(?:reason|point)\s+(?:to|in)\s+(?:live|living|go\s+on|going\s+on|carry\s+on|be\s+alive)\b/,
  /\bnothing\s+to\s+live\s+for\b/,
  /\boverdos(?:e|ed|ing)\b/,
  /\bjump(?:ing)?\s+off\s+(?:a|the)\s+(?:bridge|building|roof|cliff)\b/,
];

/** Phrases that contain a pattern above but are not about the user (film and car names). */
const HARMLESS_PHRASES: readonly RegExp[] = [/\bsuicide\s+squad\b/g, /\bsuicide\s+doors?\b/g];

/** Lower-case, straight apostrophes, single spaces: how the patterns expect the text. */
function normalise(text: string): string {
  let result = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, " ");
  for (const phrase of HARMLESS_PHRASES) result = result.replace(phrase, " ");
  return result;
}

/** Whether a user's message mentions self-harm or suicide. */
export function mentionsSelfHarm(text: string): boolean {
  const normalised = normalise(text);
  return CRISIS_PATTERNS.some((pattern) => pattern.test(normalised));
}
