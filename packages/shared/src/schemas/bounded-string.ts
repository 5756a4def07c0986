import { z } from "zod";

/**
 * Strings whose length cap is the FIRST check and aborts the chain. zod 4 runs a string's checks in order
 * but, after a failed `.max()`, still runs the later checks (a `.regex()`, a `.refine()`, a `.trim()`)
 * on the whole input, unless the failed check has `abort: true`. So an over-long input gets exactly one
 * `too_big` issue and no pattern or refinement ever scans it (a 1 MiB e-mail field froze the event loop).
 * Every string schema of @heartline/shared starts from one of these two helpers
 * (string-caps.test.ts walks the exports and holds every string schema to it).
 */

/** Optional texts: `tooLong` for the cap (zod's default otherwise), `invalidType` for a non-string. */
export interface BoundedStringMessages {
  tooLong?: string;
  invalidType?: string;
}

/** A string of at most `max` characters; nothing else runs on a longer one. */
export function boundedString(max: number, messages: BoundedStringMessages = {}) {
  const base = messages.invalidType === undefined ? z.string() : z.string({ error: messages.invalidType });
  return base.max(
    max,
    messages.tooLong === undefined ? { abort: true } : { error: messages.tooLong, abort: true },
  );
}

/**
 * Surrounding whitespace a trimmed field may carry on top of its limit before the raw input is refused
 * unread: the raw cap of a trimmed field is `2 × max` (`max` for the text, as much again for padding).
 */
export function rawCapOfTrimmed(max: number): number {
  return 2 * max;
}

/**
 * A trimmed string of at most `max` characters after trimming. The raw input is capped first (at
 * `rawCapOfTrimmed(max)`, same message), so trimming never walks a huge input either.
 */
export function boundedTrimmedString(max: number, messages: BoundedStringMessages = {}) {
  const tooLong = messages.tooLong === undefined ? { abort: true } : { error: messages.tooLong, abort: true };
  return boundedString(rawCapOfTrimmed(max), messages).trim().max(max, tooLong);
}
