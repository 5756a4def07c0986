/**
 * A message's near-duplicate fingerprint (issue #15): lower-case letters and digits only, repeated
 * characters collapsed, digits dropped at the end ("buy now 1", "buy now 2"), capped. The same text
 * with small changes from one sender lands on one key.
 */
export function floodFingerprint(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/(.)\1+/gu, "$1")
    .replace(/\d+$/u, "")
    .slice(0, 200);
}
