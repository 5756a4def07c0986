import { screeningText } from "@heartline/shared";
import { AUTOMOD_MATCH_CAP } from "./word-rules";

/**
 * A message's near-duplicate fingerprint (issue #15): read as it is seen (issue #33), look-alikes folded, lower-case letters and digits
 * only, repeated characters collapsed, capped. The same text with small changes (case, punctuation,
 * spacing, stretched letters, emoji) from one sender lands on one key. Digits are kept: numbered
 * messages ("turn 1", "turn 2") are different messages, not a flood.
 */
export function floodFingerprint(text: string): string {
  return screeningText(text.slice(0, AUTOMOD_MATCH_CAP))
    .text.toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/(.)\1+/gu, "$1")
    .slice(0, 200);
}
