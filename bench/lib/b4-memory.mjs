// B4's arithmetic, kept apart from the processes so it can be tested: memory per connection from two
// readings, the bar, and socket.io-client's reconnection delay (the storm's clients wait as it does).

/** BENCHMARKS.md B4: per idle connection, and the storm. */
export const B4_BAR = { heapKB: 12, rssKB: 50, reconnectMs: 5_000 };

const KB = 1_024;

/**
 * Memory per connection between two `process.memoryUsage()` readings (after GC) taken before and after
 * `count` connections were opened: KB per connection for each field, and the totals in MB.
 */
export function perConnection(before, after, count) {
  const per = (field) => (count > 0 ? (after[field] - before[field]) / count / KB : Number.NaN);
  return {
    count,
    heapKB: per("heapUsed"),
    rssKB: per("rss"),
    externalKB: per("external"),
    arrayBuffersKB: per("arrayBuffers"),
    heapBeforeMB: before.heapUsed / KB / KB,
    heapAfterMB: after.heapUsed / KB / KB,
    rssBeforeMB: before.rss / KB / KB,
    rssAfterMB: after.rss / KB / KB,
  };
}

/** Does a per-connection figure clear the bar (heap and RSS)? */
export function meetsMemoryBar({ heapKB, rssKB }) {
  return heapKB <= B4_BAR.heapKB && rssKB <= B4_BAR.rssKB;
}

/** socket.io-client's defaults (Manager: reconnectionDelay, reconnectionDelayMax, randomizationFactor). */
export const CLIENT_BACKOFF = { minMs: 1_000, maxMs: 5_000, factor: 2, jitter: 0.5 };

/**
 * The wait before reconnection attempt `attempt` (0 = the first), as socket.io-client's Backoff
 * computes it: min × factor^attempt, moved by up to ±jitter of itself (`random` in [0, 1)), capped.
 */
export function reconnectDelayMs(attempt, random, backoff = CLIENT_BACKOFF) {
  let ms = backoff.minMs * backoff.factor ** attempt;
  const deviation = Math.floor(random * backoff.jitter * ms);
  ms = (Math.floor(random * 10) & 1) === 0 ? ms - deviation : ms + deviation;
  return Math.min(ms, backoff.maxMs);
}
