import type { AutomodRule, AutomodSurface } from "@heartline/shared";
import {
  asteriskCensorStrategy,
  type BlacklistedTerm,
  englishDataset,
  englishRecommendedTransformers,
  type MatchPayload,
  parseRawPattern,
  RegExpMatcher,
  TextCensor,
} from "obscenity";
import { type TextReading, textReadings } from "./text-readings";

/** Text longer than this is matched on its first part only: the matcher's cost stays bounded. */
export const AUTOMOD_MATCH_CAP = 2_000;

/** The slurs of obscenity's English dataset (by its `originalWord`): blocked everywhere by default. */
const SLURS = new Set([
  "abo",
  "abeed",
  "africoon",
  "arabush",
  "boonga",
  "chingchong",
  "chink",
  "dyke",
  "fag",
  "kike",
  "negro",
  "nigger",
  "retard",
  "spastic",
  "tranny",
]);

/**
 * Ordinary words the English dataset's patterns catch inside (place names, food): allowed as whole
 * words on top of obscenity's own whitelist (issue #15: no false positives on ordinary sentences).
 */
const EXTRA_ALLOWED_WORDS = ["penistone", "shiitake", "cumin", "cumulative", "cumulus", "circumference"];

export const BUILTIN_SLURS_ID = "builtin-slurs";
export const BUILTIN_PROFANITY_ID = "builtin-profanity";

/**
 * Conservative defaults (issue #15): slurs are blocked on every surface; ordinary profanity is masked
 * in the group room and on the wall, and left alone in DMs and random chat (adults talking one to one).
 */
export const BUILTIN_RULES: readonly AutomodRule[] = [
  {
    id: BUILTIN_SLURS_ID,
    name: "Slurs (built-in)",
    phrase: null,
    surfaces: ["group", "random", "dm", "confession", "username"],
    action: "block",
    isBuiltin: true,
    createdAt: 0,
  },
  {
    id: BUILTIN_PROFANITY_ID,
    name: "Profanity (built-in)",
    phrase: null,
    surfaces: ["group", "confession"],
    action: "mask",
    isBuiltin: true,
    createdAt: 0,
  },
];

/** A rule that fired and the text it matched (as written, so the moderators see the evasion). */
export interface WordHit {
  rule: AutomodRule;
  matched: string;
}

export interface WordVerdict {
  block: WordHit | null;
  flag: WordHit | null;
  /** The text to store: masked where a mask rule fired, else the input. */
  text: string;
  masked: WordHit | null;
}

const CUSTOM_ID_BASE = 1_000_000;
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" };
/** Letters obscenity's English preset keeps doubled ("ass", "boob"); every other run becomes one. */
const KEEP_TWO = new Set(["b", "e", "o", "l", "s", "g"]);

/**
 * An admin's phrase as the matcher sees text after its transformers (obscenity transforms the input,
 * not the patterns): lower-case, leetspeak resolved, repeated letters collapsed. "address" → "adress".
 */
export function matcherForm(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[013457]/g, (digit) => LEET[digit] ?? digit)
    .replace(/(.)\1+/gu, (_run, letter: string) => letter.repeat(KEEP_TWO.has(letter) ? 2 : 1));
}
const isAlphanumeric = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isHexDigit = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
/** Between two readings in one matcher call: no pattern reads across a blank line. */
const READING_BREAK = "\n\n";
/** Shortest run of hex characters read as an id or a number rather than a word. */
const HEX_TOKEN_MIN_LENGTH = 4;

/**
 * Whether a match sits inside a run of 4 or more hex characters ('f467' in a uuid, '4550' in a time):
 * ids, hashes and numbers read through leetspeak would otherwise be 'words' (0.4% of random uuids
 * matched a slur). Words need letters past 'f', so no real one is lost; 'b00b' alone is the price.
 */
function insideHexToken(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from > 0 && isAlphanumeric(text.charCodeAt(from - 1))) from -= 1;
  while (to + 1 < text.length && isAlphanumeric(text.charCodeAt(to + 1))) to += 1;
  if (to - from + 1 < HEX_TOKEN_MIN_LENGTH) return false;
  for (let index = from; index <= to; index += 1) if (!isHexDigit(text.charCodeAt(index))) return false;
  return true;
}

/**
 * The compiled rules of one node: obscenity's English dataset (leetspeak, look-alikes, repeated
 * letters) plus the admins' words as whole-word patterns, in one matcher; each match is traced back
 * to its rule by term id.
 */
export class WordRules {
  private readonly matcher: RegExpMatcher;
  private readonly ruleOfTerm = new Map<number, AutomodRule>();
  readonly rules: readonly AutomodRule[];

  constructor(custom: readonly AutomodRule[]) {
    const built = englishDataset.build();
    const [slurs, profanity] = BUILTIN_RULES as [AutomodRule, AutomodRule];
    for (const term of built.blacklistedTerms) {
      const word = englishDataset.getPayloadWithPhraseMetadata({ termId: term.id } as MatchPayload)
        .phraseMetadata?.originalWord;
      this.ruleOfTerm.set(term.id, word && SLURS.has(word) ? slurs : profanity);
    }
    const extra: BlacklistedTerm[] = custom.map((rule, index) => {
      const id = CUSTOM_ID_BASE + index;
      this.ruleOfTerm.set(id, rule);
      // The phrase holds letters, digits, spaces, apostrophes and hyphens only (the schema): no syntax.
      return { id, pattern: parseRawPattern(`|${matcherForm(rule.phrase ?? "")}|`) };
    });
    this.matcher = new RegExpMatcher({
      ...built,
      blacklistedTerms: [...built.blacklistedTerms, ...extra],
      whitelistedTerms: [...(built.whitelistedTerms ?? []), ...EXTRA_ALLOWED_WORDS],
      ...englishRecommendedTransformers,
    });
    this.rules = [...BUILTIN_RULES, ...custom];
  }

  /**
   * What the rules say about `input` on `surface`: the strongest action wins, masks are applied to the
   * text as written (issue #33: what is stored is what the user wrote, but for the starred words).
   */
  check(surface: AutomodSurface, input: string): WordVerdict {
    const text = input.slice(0, AUTOMOD_MATCH_CAP);
    const verdict: WordVerdict = { block: null, flag: null, masked: null, text: input };
    const toMask: MatchPayload[] = [];
    for (const { reading, match } of this.matchesIn(textReadings(text))) {
      if (!reading.counts(match)) continue;
      if (insideHexToken(reading.subject, match.startIndex, match.endIndex)) continue;
      const rule = this.ruleOfTerm.get(match.termId);
      if (!rule?.surfaces.includes(surface)) continue;
      const [start, end] = reading.sourceRange(match.startIndex, match.endIndex);
      const hit = { rule, matched: text.slice(start, end) };
      if (rule.action === "mask") {
        toMask.push({ ...match, startIndex: start, endIndex: end - 1 });
        verdict.masked ??= hit;
      } else if (rule.action === "block") verdict.block ??= hit;
      else verdict.flag ??= hit;
    }
    if (toMask.length > 0) {
      const censored = new TextCensor().setStrategy(asteriskCensorStrategy()).applyTo(text, toMask);
      verdict.text = censored + input.slice(AUTOMOD_MATCH_CAP);
    }
    return verdict;
  }

  /**
   * Every match in every reading, each with its reading and indices in it. The matcher runs once, over
   * the readings one after the other (a call costs about as much as its ~300 patterns, whatever the
   * length); a match across the break between two readings is no match.
   */
  private matchesIn(readings: readonly TextReading[]): Array<{ reading: TextReading; match: MatchPayload }> {
    const offsets: number[] = [];
    let subject = "";
    for (const reading of readings) {
      if (subject.length > 0) subject += READING_BREAK;
      offsets.push(subject.length);
      subject += reading.subject;
    }
    const found: Array<{ reading: TextReading; match: MatchPayload }> = [];
    for (const match of this.matcher.getAllMatches(subject, true)) {
      let index = offsets.length - 1;
      while (index > 0 && (offsets[index] ?? 0) > match.startIndex) index -= 1;
      const reading = readings[index];
      const offset = offsets[index] ?? 0;
      if (!reading || match.endIndex - offset >= reading.subject.length) continue;
      found.push({
        reading,
        match: { ...match, startIndex: match.startIndex - offset, endIndex: match.endIndex - offset },
      });
    }
    return found;
  }
}
