/**
 * A message's near-duplicate fingerprint (issue #15): look-alikes folded, lower-case letters and digits
 * only, repeated characters collapsed, capped. The same text with small changes (case, punctuation,
 * spacing, stretched letters, emoji) from one sender lands on one key. Digits are kept: numbered
 * messages ("turn 1", "turn 2") are different messages, not a flood.
 */
export function floodFingerprint(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/(.)\1+/gu, "$1")
    .slice(0, 200);
}
