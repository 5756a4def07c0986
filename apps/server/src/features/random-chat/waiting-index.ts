import {
  acceptsGender,
  GENDERS,
  type Gender,
  LANGUAGE_PRIORITY_WINDOW_MS,
  type MatchCandidate,
  PREFERENCES,
  type Preference,
  sharesLanguage,
} from "@heartline/shared";

/**
 * The memory line's waiting people, indexed by what makes two of them acceptable to each other
 * (issue #35): one bucket per (gender, preference), and in each bucket the people by language, those
 * who gave none, and by interest, every list in `choosePartner`'s order (the longest wait, then the id).
 * `choose` reads only the buckets compatible with the joiner and, in them, only the lists that can hold
 * the best partner, so a join costs about the same whether 10 or 10,000 people wait; it picks exactly
 * the partner `choosePartner` would pick over the whole line (the unit test compares them on random
 * crowds).
 */
export class WaitingIndex<Entry extends MatchCandidate> {
  /** Everyone, oldest first. */
  private readonly line = new SortedLine<Entry>();
  private readonly buckets = new Map<Gender, Map<Preference, Bucket<Entry>>>(
    GENDERS.map((gender) => [gender, new Map(PREFERENCES.map((preference) => [preference, new Bucket()]))]),
  );
  /** Per "gender preference" of a joiner: the buckets whose people are compatible with them. */
  private readonly compatibleBuckets = new Map<string, Bucket<Entry>[]>();

  get size(): number {
    return this.line.length;
  }

  add(entry: Entry): void {
    this.line.add(entry);
    this.bucketOf(entry).add(entry);
  }

  /** Takes out exactly this entry (the object `add` was given); false when it was not there. */
  remove(entry: Entry): boolean {
    if (!this.line.remove(entry)) return false;
    this.bucketOf(entry).remove(entry);
    return true;
  }

  /** Everyone, oldest first (the index's own list: do not change it). */
  oldestFirst(): readonly Entry[] {
    return this.line.items;
  }

  /**
   * The partner `choosePartner(joiner, everyone waiting, now, isExcluded)` picks. The joiner may be in
   * the index (the sweep's joiners are): nobody is chosen for themself.
   */
  choose(
    joiner: MatchCandidate,
    now: number,
    isExcluded: (a: string, b: string) => boolean,
  ): Entry | undefined {
    const ok = (candidate: Entry): boolean =>
      candidate.id !== joiner.id && !isExcluded(joiner.id, candidate.id);
    let best: Choice<Entry> | undefined;
    for (const bucket of this.bucketsFor(joiner)) {
      const choice = bucket.best(joiner, now, ok);
      if (choice && (!best || beats(choice, best))) best = choice;
    }
    return best?.entry;
  }

  /**
   * How many places in its lists the index holds (tests: a removed entry leaves none behind). Each entry
   * holds one in the line, one in its bucket, one per language (or one among those who gave none) and
   * one per interest.
   */
  listings(): number {
    let count = this.line.length;
    for (const byPreference of this.buckets.values())
      for (const bucket of byPreference.values()) count += bucket.listings();
    return count;
  }

  clear(): void {
    this.line.clear();
    for (const byPreference of this.buckets.values())
      for (const bucket of byPreference.values()) bucket.clear();
  }

  private bucketOf(entry: MatchCandidate): Bucket<Entry> {
    const bucket = this.buckets.get(entry.gender)?.get(entry.preference);
    if (!bucket) throw new Error(`no bucket for ${entry.gender}/${entry.preference}`);
    return bucket;
  }

  private bucketsFor(joiner: MatchCandidate): Bucket<Entry>[] {
    const key = `${joiner.gender} ${joiner.preference}`;
    let found = this.compatibleBuckets.get(key);
    if (!found) {
      found = [];
      for (const gender of GENDERS) {
        if (!acceptsGender(joiner.preference, gender)) continue;
        for (const preference of PREFERENCES) {
          if (acceptsGender(preference, joiner.gender))
            found.push(this.bucketOf({ ...joiner, gender, preference }));
        }
      }
      this.compatibleBuckets.set(key, found);
    }
    return found;
  }
}

/** A bucket's best candidate and its `matchScore`. */
interface Choice<Entry> {
  entry: Entry;
  score: number;
}

/** `choosePartner`'s order: the higher score, then the longer wait, then the id. */
function beats<Entry extends MatchCandidate>(a: Choice<Entry>, b: Choice<Entry>): boolean {
  return a.score > b.score || (a.score === b.score && byWait(a.entry, b.entry) < 0);
}

/** The oldest of two (either may be absent). */
function older<Entry extends MatchCandidate>(a: Entry | undefined, b: Entry | undefined): Entry | undefined {
  if (!a) return b;
  if (!b) return a;
  return byWait(a, b) <= 0 ? a : b;
}

/** People of one gender and one preference. */
class Bucket<Entry extends MatchCandidate> {
  private readonly all = new SortedLine<Entry>();
  private readonly withoutLanguages = new SortedLine<Entry>();
  private readonly byLanguage = new Map<string, SortedLine<Entry>>();
  private readonly byInterest = new Map<string, SortedLine<Entry>>();

  add(entry: Entry): void {
    this.all.add(entry);
    if (entry.languages?.length) addTo(this.byLanguage, new Set(entry.languages), entry);
    else this.withoutLanguages.add(entry);
    addTo(this.byInterest, new Set(entry.interests), entry);
  }

  remove(entry: Entry): void {
    this.all.remove(entry);
    if (entry.languages?.length) removeFrom(this.byLanguage, new Set(entry.languages), entry);
    else this.withoutLanguages.remove(entry);
    removeFrom(this.byInterest, new Set(entry.interests), entry);
  }

  listings(): number {
    let count = this.all.length + this.withoutLanguages.length;
    for (const list of this.byLanguage.values()) count += list.length;
    for (const list of this.byInterest.values()) count += list.length;
    return count;
  }

  clear(): void {
    this.all.clear();
    this.withoutLanguages.clear();
    this.byLanguage.clear();
    this.byInterest.clear();
  }

  /**
   * The bucket's best for the joiner by `matchScore`, then the longest wait, then the id, among those
   * `ok` lets through that are acceptable (`acceptableAt`). Tier by tier, from the highest score down,
   * each tier's first candidate in wait order being that tier's best:
   * 3. the oldest, when they waited past the window (a long wait counts as sharing both, and lifts the
   *    language hold); otherwise nobody here did, and the scores below are what is shared;
   * 3. sharing a language and an interest; 2. a language; 1. an interest (acceptable: not held apart);
   * 0. anyone acceptable: the oldest, or, while the joiner's languages hold them apart from those who
   *    gave others, the oldest who gave none.
   */
  best(joiner: MatchCandidate, now: number, ok: (candidate: Entry) => boolean): Choice<Entry> | undefined {
    const oldest = this.all.first(ok);
    if (!oldest) return undefined;
    if (now - oldest.joinedAt >= LANGUAGE_PRIORITY_WINDOW_MS) return { entry: oldest, score: 3 };
    const languages = joiner.languages?.length ? joiner.languages : undefined;
    const interests = joiner.interests.length > 0 ? joiner.interests : undefined;
    // The language hold: both gave languages, share none, and neither waited the window (nobody here did).
    const held = languages !== undefined && now - joiner.joinedAt < LANGUAGE_PRIORITY_WINDOW_MS;
    if (languages && interests) {
      const both = this.firstSharing(joiner, ok);
      if (both) return { entry: both, score: 3 };
    }
    if (languages) {
      const speaker = firstOfLists(this.byLanguage, languages, ok);
      if (speaker) return { entry: speaker, score: 2 };
    }
    // From here on nobody here shares a language with the joiner.
    if (interests) {
      const acceptable = (candidate: Entry): boolean =>
        ok(candidate) && (!held || !candidate.languages?.length);
      const fan = firstOfLists(this.byInterest, interests, acceptable);
      if (fan) return { entry: fan, score: 1 };
    }
    if (!held) return { entry: oldest, score: 0 };
    const anyone = this.withoutLanguages.first(ok);
    return anyone && { entry: anyone, score: 0 };
  }

  /** The oldest sharing both a language and an interest, read from whichever family of lists is shorter. */
  private firstSharing(joiner: MatchCandidate, ok: (candidate: Entry) => boolean): Entry | undefined {
    const languages = joiner.languages ?? [];
    const interests = joiner.interests;
    if (totalLength(this.byInterest, interests) <= totalLength(this.byLanguage, languages)) {
      return firstOfLists(
        this.byInterest,
        interests,
        (candidate) => ok(candidate) && sharesLanguage(languages, candidate.languages),
      );
    }
    return firstOfLists(
      this.byLanguage,
      languages,
      (candidate) => ok(candidate) && candidate.interests.some((interest) => interests.includes(interest)),
    );
  }
}

function addTo<Entry extends MatchCandidate>(
  lists: Map<string, SortedLine<Entry>>,
  keys: Iterable<string>,
  entry: Entry,
): void {
  for (const key of keys) {
    let list = lists.get(key);
    if (!list) {
      list = new SortedLine();
      lists.set(key, list);
    }
    list.add(entry);
  }
}

/** An emptied list is dropped: interests are free text, so their lists must not pile up. */
function removeFrom<Entry extends MatchCandidate>(
  lists: Map<string, SortedLine<Entry>>,
  keys: Iterable<string>,
  entry: Entry,
): void {
  for (const key of keys) {
    const list = lists.get(key);
    if (list?.remove(entry) && list.length === 0) lists.delete(key);
  }
}

function firstOfLists<Entry extends MatchCandidate>(
  lists: Map<string, SortedLine<Entry>>,
  keys: readonly string[],
  ok: (candidate: Entry) => boolean,
): Entry | undefined {
  let found: Entry | undefined;
  for (const key of keys) found = older(found, lists.get(key)?.first(ok));
  return found;
}

function totalLength<Entry extends MatchCandidate>(
  lists: Map<string, SortedLine<Entry>>,
  keys: readonly string[],
): number {
  return keys.reduce((sum, key) => sum + (lists.get(key)?.length ?? 0), 0);
}

/**
 * Entries in `choosePartner`'s order (joinedAt, then id), in an array: a join is nearly always the
 * newest (a push), and inserting or removing elsewhere moves at most a few thousand pointers.
 */
class SortedLine<Entry extends MatchCandidate> {
  items: Entry[] = [];

  get length(): number {
    return this.items.length;
  }

  add(entry: Entry): void {
    const last = this.items.at(-1);
    if (!last || byWait(last, entry) < 0) this.items.push(entry);
    else this.items.splice(this.lowerBound(entry), 0, entry);
  }

  remove(entry: Entry): boolean {
    const index = this.lowerBound(entry);
    if (this.items[index] !== entry) return false;
    this.items.splice(index, 1);
    return true;
  }

  /** The first entry (in wait order) that `ok` lets through. */
  first(ok: (candidate: Entry) => boolean): Entry | undefined {
    for (const candidate of this.items) if (ok(candidate)) return candidate;
    return undefined;
  }

  clear(): void {
    this.items = [];
  }

  /** The first index whose entry is not before `entry`. */
  private lowerBound(entry: Entry): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const item = this.items[middle];
      if (item && byWait(item, entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export function byWait(a: MatchCandidate, b: MatchCandidate): number {
  return a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
