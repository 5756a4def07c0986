/** What one read of the wall showed: for each thing watched, whether it was there. */
export interface Poll {
  startedAt: number;
  /** When its last read answered: the wall was read somewhere between the two. */
  endedAt: number;
  present: Record<string, boolean>;
}

export interface ReadPoller {
  polls: Poll[];
  /** Resolves once a poll passes `until`; rejects with what was seen when `timeoutMs` passes first. */
  done: Promise<void>;
  stop(): void;
}

/**
 * Reads the wall again and again, one read right after the other (no pause: the faster, the finer the
 * moments it tells apart), as someone polling `GET /api/confessions` and a thread would (ADR 0014).
 */
export function pollReads(
  read: () => Promise<Record<string, boolean>>,
  until: (poll: Poll) => boolean,
  timeoutMs: number,
): ReadPoller {
  const polls: Poll[] = [];
  let isStopped = false;
  const done = (async () => {
    const deadline = performance.now() + timeoutMs;
    while (!isStopped) {
      const startedAt = performance.now();
      const present = await read();
      const poll = { startedAt, endedAt: performance.now(), present };
      polls.push(poll);
      if (until(poll)) return;
      if (startedAt > deadline) {
        throw new Error(`still shown after ${timeoutMs} ms: ${JSON.stringify(poll.present)}`);
      }
    }
  })();
  // Awaited by the test; a failure before that is not an unhandled rejection.
  done.catch(() => undefined);
  return {
    polls,
    done,
    stop: () => {
      isStopped = true;
    },
  };
}

/**
 * For each thing watched: the index of the first poll that no longer showed it. Throws if it was not
 * there at first, never went, or came back (gone from a read means gone from every later one).
 */
export function vanishings(polls: readonly Poll[]): Record<string, number> {
  const first = polls[0];
  if (!first) throw new Error("no poll");
  const result: Record<string, number> = {};
  for (const [what, wasShown] of Object.entries(first.present)) {
    if (!wasShown) throw new Error(`${what} was not shown at first`);
    const gone = polls.findIndex((poll) => !poll.present[what]);
    if (gone < 0) throw new Error(`${what} never went`);
    const back = polls.findIndex((poll, index) => index > gone && poll.present[what]);
    if (back >= 0) throw new Error(`${what} went at poll ${gone} and came back at poll ${back}`);
    result[what] = gone;
  }
  return result;
}
