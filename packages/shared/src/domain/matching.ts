import type { Gender, Preference } from "./gender";
import type { LanguageCode } from "./languages";

/**
 * Random-chat matching rules (spec §1, §4 Random chat session; issue "Random one-to-one chat").
 * Pure: both MatchQueue implementations (memory, Redis) follow exactly these rules.
 */

/** A person waiting for a random partner. */
export interface MatchCandidate {
  id: string;
  gender: Gender;
  preference: Preference;
  /** Lower-cased, de-duplicated interests; empty when none were given. */
  interests: readonly string[];
  /**
   * "Languages I speak" (issue #39): known codes, de-duplicated, at most 3 (`normaliseLanguages`);
   * absent or empty when none were given.
   */
  languages?: readonly LanguageCode[];
  /** When the candidate started waiting (ms since epoch); older waits are served first. */
  joinedAt: number;
}

/**
 * A waiting candidate who shares no interest with the joiner still wins once they have waited this
 * long: interests improve a match but never make anyone wait for ever.
 */
export const INTEREST_PRIORITY_WINDOW_MS = 5_000;

/**
 * Languages I speak (issue #39): a shared language first, after a short wait anyone. Two people who
 * both gave languages and share none are not matched with each other until one of them has waited this
 * long (`languageHoldsApart`); past it, the one who waited also counts as sharing a language (and an
 * interest) with anyone (`matchScore`). Someone who gave no languages is matched with anyone at once.
 * Equal to the interests' window: one wait lifts the hold and counts as sharing both, which the Redis
 * line's early stop in a bucket relies on (`redis-match-scripts.ts`).
 */
export const LANGUAGE_PRIORITY_WINDOW_MS = INTEREST_PRIORITY_WINDOW_MS;

/** Whether someone with this preference wants to meet someone of this gender ("any" is no preference). */
export function acceptsGender(preference: Preference, gender: Gender): boolean {
  return preference === "any" || preference === gender;
}

/** Each one's preference accepts the other's gender, and nobody is matched with themself. */
export function areCompatible(a: MatchCandidate, b: MatchCandidate): boolean {
  return a.id !== b.id && acceptsGender(a.preference, b.gender) && acceptsGender(b.preference, a.gender);
}

export function sharedInterestCount(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  return b.reduce((count, interest) => (set.has(interest) ? count + 1 : count), 0);
}

/** Whether both gave languages and at least one is in both lists. */
export function sharesLanguage(
  a: readonly LanguageCode[] | undefined,
  b: readonly LanguageCode[] | undefined,
): boolean {
  if (!a || !b || a.length === 0 || b.length === 0) return false;
  return a.some((language) => b.includes(language));
}

/**
 * Whether the language rule still keeps `a` and `b` apart at `now`: both gave languages, they share
 * none, and neither has waited `LANGUAGE_PRIORITY_WINDOW_MS` yet.
 */
export function languageHoldsApart(a: MatchCandidate, b: MatchCandidate, now: number): boolean {
  if (!a.languages?.length || !b.languages?.length) return false;
  if (now - a.joinedAt >= LANGUAGE_PRIORITY_WINDOW_MS || now - b.joinedAt >= LANGUAGE_PRIORITY_WINDOW_MS)
    return false;
  return !sharesLanguage(a.languages, b.languages);
}

/**
 * Whether `a` and `b` may be matched at `now`: compatible (`areCompatible`) and not held apart by the
 * language rule (`languageHoldsApart`). Exclusions (blocks, reports, cooldowns) are the line's to check.
 */
export function acceptableAt(a: MatchCandidate, b: MatchCandidate, now: number): boolean {
  return areCompatible(a, b) && !languageHoldsApart(a, b, now);
}

/**
 * How well a waiting candidate suits the joiner (higher first): 2 for a shared language, plus 1 for a
 * shared interest. A candidate who waited past a window counts as sharing what it covers. A joiner who
 * gave no languages (or no interests) gives every candidate the same on that part, so it orders nothing.
 */
export function matchScore(joiner: MatchCandidate, candidate: MatchCandidate, now: number): number {
  // One window for both (LANGUAGE_PRIORITY_WINDOW_MS is INTEREST_PRIORITY_WINDOW_MS): past it, both count.
  if (now - candidate.joinedAt >= LANGUAGE_PRIORITY_WINDOW_MS) return 3;
  const language = sharesLanguage(joiner.languages, candidate.languages) ? 2 : 0;
  return language + (sharedInterestCount(joiner.interests, candidate.interests) > 0 ? 1 : 0);
}

/** Normalises interests as the matcher compares them: trimmed, lower-case, unique, at most 5. */
export function normaliseInterests(interests: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  for (const raw of interests ?? []) {
    const interest = raw.trim().toLowerCase();
    if (interest) seen.add(interest);
    if (seen.size === 5) break;
  }
  return [...seen];
}

/**
 * Picks the joiner's partner among the waiting candidates, or undefined when nobody compatible waits.
 * `isExcluded(a, b)` says a pair must not meet (a block, a report, the partner just left).
 * Only acceptable candidates count (`acceptableAt`: compatible, and not two people who both gave
 * languages and share none while neither has waited `LANGUAGE_PRIORITY_WINDOW_MS`), so a joiner may
 * wait although someone compatible waits; the line's sweep pairs them once the window has passed.
 * Order among the acceptable (`matchScore`): candidates sharing a language with the joiner first, then
 * those sharing an interest (someone who waited past a window counts as sharing:
 * `LANGUAGE_PRIORITY_WINDOW_MS`, `INTEREST_PRIORITY_WINDOW_MS`), then the longest wait, then the id.
 */
export function choosePartner(
  joiner: MatchCandidate,
  waiting: readonly MatchCandidate[],
  now: number,
  isExcluded: (a: string, b: string) => boolean = () => false,
): MatchCandidate | undefined {
  let best: MatchCandidate | undefined;
  let bestScore = -1;
  for (const candidate of waiting) {
    if (!acceptableAt(joiner, candidate, now) || isExcluded(joiner.id, candidate.id)) continue;
    const score = matchScore(joiner, candidate, now);
    if (
      !best ||
      score > bestScore ||
      (score === bestScore &&
        (candidate.joinedAt < best.joinedAt ||
          (candidate.joinedAt === best.joinedAt && candidate.id < best.id)))
    ) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
