import type { Gender, Preference } from "./gender";

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
  /** When the candidate started waiting (ms since epoch); older waits are served first. */
  joinedAt: number;
}

/**
 * A waiting candidate who shares no interest with the joiner still wins once they have waited this
 * long: interests improve a match but never make anyone wait for ever.
 */
export const INTEREST_PRIORITY_WINDOW_MS = 5_000;

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
 * Order: candidates sharing interests with the joiner first (those who waited past the interest
 * window count as sharing), then the longest wait, then the id for a stable order.
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
    if (!areCompatible(joiner, candidate) || isExcluded(joiner.id, candidate.id)) continue;
    const waitedLong = now - candidate.joinedAt >= INTEREST_PRIORITY_WINDOW_MS;
    const score = waitedLong || sharedInterestCount(joiner.interests, candidate.interests) > 0 ? 1 : 0;
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
