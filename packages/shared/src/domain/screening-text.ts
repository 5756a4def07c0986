/**
 * What a text screen reads (issue #33): the text as a reader sees it, not as it is encoded. A slur with
 * a zero-width space, a soft hyphen, a word joiner or a combining mark inside looks whole on screen and
 * must be read whole. Screening only: what is stored stays what the user wrote (unless it is refused),
 * and `sourceRange` leads every finding back to the characters that were written.
 *
 * Per character, in this order:
 * - a separator of any width (no-break, ideographic, braille blank) reads as one space;
 * - what draws nothing is dropped: format characters (Cf: zero-width space and joiners, soft hyphen,
 *   word joiner, bidi controls), combining marks (M: accents, strike-throughs, enclosing keycaps),
 *   variation selectors and every other default-ignorable code point (Hangul fillers, the combining
 *   grapheme joiner), and control characters other than line breaks and tabs;
 * - anything else is compatibility-decomposed (NFKD: full-width, mathematical and circled letters,
 *   ligatures) and loses its marks, so 'ｋ', '𝐤', 'ⓚ' read 'k' and 'í' reads 'i': NFKC's folding, with the
 *   accents taken off as well.
 * Look-alike letters of other scripts (Cyrillic 'а', Greek 'ο', small capitals) are the word matcher's
 * part: obscenity resolves its confusables table after this step.
 */
export interface ScreeningText {
  /** The input as the screens read it. */
  readonly text: string;
  /**
   * The input's `[start, end)` that `text`'s units `from` to `to` (both included) were read from, so a
   * match can be shown and masked as written.
   */
  sourceRange(from: number, to: number): readonly [start: number, end: number];
}

/** Printable ASCII, tabs and line breaks: nothing to fold (the common case costs one test). */
const PLAIN = /^[\t\n\r\x20-\x7e]*$/;
const SEPARATOR = /^[\p{Z}\u2800]$/u;
const HIDDEN = /[\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]|[^\P{Cc}\t\n\r]/gu;

/**
 * The folded form of one character ("" when it draws nothing). A character that is no separator never
 * folds into a space: the spacing accents ('¨', '´') decompose into a space and a mark.
 */
function foldChar(char: string): string {
  if (PLAIN.test(char)) return char;
  if (SEPARATOR.test(char)) return " ";
  return char.normalize("NFKD").replace(HIDDEN, "").replaceAll(" ", "");
}

export function screeningText(input: string): ScreeningText {
  if (PLAIN.test(input)) return { text: input, sourceRange: (from, to) => [from, to + 1] };
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const char of input) {
    const folded = foldChar(char);
    for (let unit = 0; unit < folded.length; unit += 1) {
      starts.push(at);
      ends.push(at + char.length);
    }
    text += folded;
    at += char.length;
  }
  return { text, sourceRange: (from, to) => [starts[from] ?? at, ends[to] ?? at] };
}
