// What the load generators share: latency histograms (µs, perf_hooks) read as percentiles in ms, and
// message ids that are UUIDs (Heartline's schema) made of a random prefix for the run and a seq.
import { randomBytes } from "node:crypto";

/** Microseconds, 1 µs to 120 s. */
export const HISTOGRAM_RANGE = { lowest: 1, highest: 120_000_000, figures: 3 };

/** Percentiles of a histogram in `unit`s per ms (µs histograms: 1,000; the lag monitor's ns: 1e6). */
export function percentiles(histogram, unit = 1_000) {
  if (histogram.count === 0) return { count: 0, p50Ms: null, p99Ms: null, p999Ms: null, maxMs: null };
  return {
    count: histogram.count,
    p50Ms: histogram.percentile(50) / unit,
    p99Ms: histogram.percentile(99) / unit,
    p999Ms: histogram.percentile(99.9) / unit,
    maxMs: histogram.max / unit,
  };
}

/** A function from a seq to a UUID, with one random prefix per call of this (one per run). */
export function messageIds() {
  const runId = randomBytes(12).toString("hex");
  return (value) => {
    const tail = value.toString(16).padStart(8, "0");
    return `${runId.slice(0, 8)}-${runId.slice(8, 12)}-4${runId.slice(13, 16)}-a${runId.slice(17, 20)}-${runId.slice(20, 24)}${tail}`;
  };
}
