import { screeningText } from "@heartline/shared";
import type { MatchPayload } from "obscenity";

/**
 * One way of reading a text for the word matcher: what it reads, which of its matches count, and
 * where in the text as written a match came from (so it is shown and masked as written).
 */
export interface TextReading {
  subject: string;
  counts(match: MatchPayload): boolean;
  sourceRange(from: number, to: number): readonly [start: number, end: number];
}

const LETTER = "\\p{L}\\p{N}@$";
/**
 * obscenity reads "!" and "|" as the letter i ("sh!t"); at a word's end they are punctuation, and
 * "bitcoin!!" must still end the word. Underscores read as spaces ("big_nig" is two words, as
 * "big-nig" is to obscenity already). Same length, so indices carry over.
 */
const TRAILING_BANGS = /(?<=[\p{L}\p{N}])[!|]+(?=[\s.,;:?]|$)/gu;
const UNDERSCORES = /_/g;
/** Marks between letters inside a word that a reader reads through: "nig.ger", "ki-ke", "re_tard". */
const INNER_MARKS = new RegExp(`(?<=[${LETTER}])[_.*~+'’·•‧∙・-]+(?=[${LETTER}])`, "gu");
/** Single characters split by spaces or marks ("f u c k", "f.u.c.k", "k_i_k_e"). */
const SPACED_LETTERS = new RegExp(
  `(?<![${LETTER}])(?:[${LETTER}][\\s_.,*~+'’·•‧∙・-]+){2,}[${LETTER}](?![${LETTER}])`,
  "gu",
);
const SPLIT_MARK = /[\s_.,*~+'’·•‧∙・-]/u;
const ENDS_IN_LETTER = new RegExp(`[${LETTER}]$`, "u");
const STARTS_WITH_LETTER = new RegExp(`^[${LETTER}]`, "u");

/**
 * How the word rules read a text (issue #33), after `screeningText` has taken out what draws nothing
 * and folded look-alike forms: first as it reads, then with the marks between letters taken out. A
 * match of that second reading counts only when it spans such a mark and whole words of the first
 * ("ni.gger", "k i k e"), never when joining made it ("one-group" holds no slur, "Andy_Kelly" none).
 * A phrase split by spaces into longer pieces ("nig ger") is not joined: ordinary words would be.
 */
export function textReadings(written: string): TextReading[] {
  const form = screeningText(written);
  const read = form.text.replace(TRAILING_BANGS, (run) => " ".repeat(run.length));
  const asWritten: TextReading = {
    subject: read.replace(UNDERSCORES, " "),
    counts: () => true,
    sourceRange: form.sourceRange,
  };
  const dropped: number[] = [];
  const drop = (run: RegExpMatchArray, isMark: (char: string) => boolean) => {
    for (let unit = 0; unit < run[0].length; unit += 1) {
      if (isMark(run[0].charAt(unit))) dropped.push((run.index ?? 0) + unit);
    }
  };
  for (const run of read.matchAll(INNER_MARKS)) drop(run, () => true);
  const marksOnly = dropped.length;
  for (const run of read.matchAll(SPACED_LETTERS)) drop(run, (char) => SPLIT_MARK.test(char));
  if (dropped.length === 0) return [asWritten];
  // Only the words that hold a dropped mark can read differently joined: the matcher reads just those
  // (it costs as much as the text is long), or the whole text when letters were spaced out, so that a
  // phrase beside them ("h o m e address") still reads as one.
  const ranges = dropped.length > marksOnly ? [[0, read.length] as const] : wordsAround(read, dropped);
  const isDropped = new Set(dropped);
  let subject = "";
  const kept: number[] = [];
  const gaps: number[] = [];
  for (const [from, to] of ranges) {
    if (subject.length > 0) {
      gaps.push(subject.length);
      subject += " ";
      kept.push(from - 1);
    }
    for (let unit = from; unit < to; unit += 1) {
      if (isDropped.has(unit)) continue;
      subject += read.charAt(unit);
      kept.push(unit);
    }
  }
  const at = (unit: number) => kept[unit] ?? read.length;
  const joined: TextReading = {
    subject,
    counts: (match) => {
      const from = at(match.startIndex);
      const to = at(match.endIndex);
      return (
        !gaps.some((gap) => gap >= match.startIndex && gap <= match.endIndex) &&
        to - from !== match.endIndex - match.startIndex &&
        !ENDS_IN_LETTER.test(read.slice(Math.max(0, from - 2), from)) &&
        !STARTS_WITH_LETTER.test(read.slice(to + 1, to + 3))
      );
    },
    sourceRange: (from, to) => form.sourceRange(at(from), at(to)),
  };
  return [asWritten, joined];
}

const SPACE = /\s/;

/** The whitespace-delimited words of `text` that hold the (ascending) `units`, each once. */
function wordsAround(text: string, units: readonly number[]): Array<readonly [number, number]> {
  const words: Array<readonly [number, number]> = [];
  let end = 0;
  for (const unit of units) {
    if (unit < end) continue;
    let start = unit;
    while (start > 0 && !SPACE.test(text.charAt(start - 1))) start -= 1;
    end = unit;
    while (end < text.length && !SPACE.test(text.charAt(end))) end += 1;
    words.push([start, end]);
  }
  return words;
}
