import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createScatteredPushes } from "./scattered-pushes";

describe("createScatteredPushes (ADR 0014)", () => {
  let ran: Array<{ label: number; at: number }>;
  let errors: unknown[];
  const pushes = (count: number) =>
    Array.from({ length: count }, (_, label) => () => {
      ran.push({ label, at: Date.now() });
    });

  beforeEach(() => {
    vi.useFakeTimers();
    ran = [];
    errors = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs nothing at once, then every push, one at a time, at least the gap apart", async () => {
    const scattered = createScatteredPushes({ windowMs: 10_000, gapMs: 100, onError: (e) => errors.push(e) });
    const start = Date.now();
    scattered.scatter(pushes(40));
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(99);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000 + 40 * 100);
    expect(ran).toHaveLength(40);
    const times = ran.map((entry) => entry.at);
    expect(
      Math.min(...times.slice(1).map((at, index) => at - (times[index] as number))),
    ).toBeGreaterThanOrEqual(100);
    expect((times[0] as number) - start).toBeGreaterThanOrEqual(100);
    // Each is due at its own random moment: the order they were given in does not survive.
    expect(ran.map((entry) => entry.label)).not.toEqual([...Array(40).keys()]);
    expect(errors).toEqual([]);
  });

  it("keeps the gap across deletions, and after a new deletion before anything of its own", async () => {
    const scattered = createScatteredPushes({ windowMs: 1_000, gapMs: 300, onError: (e) => errors.push(e) });
    scattered.scatter(pushes(3));
    await vi.advanceTimersByTimeAsync(500);
    const second = Date.now();
    scattered.scatter(pushes(3));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ran).toHaveLength(6);
    const times = ran.map((entry) => entry.at);
    expect(
      Math.min(...times.slice(1).map((at, index) => at - (times[index] as number))),
    ).toBeGreaterThanOrEqual(300);
    expect(times.some((at) => at > second && at < second + 300)).toBe(false);
  });

  it("drops what is queued when stopped instead of running it together", async () => {
    const scattered = createScatteredPushes({ windowMs: 1_000, gapMs: 10, onError: (e) => errors.push(e) });
    scattered.scatter(pushes(5));
    scattered.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ran).toEqual([]);
  });

  it("reports a push that throws and goes on with the rest", async () => {
    const scattered = createScatteredPushes({ windowMs: 0, gapMs: 10, onError: (e) => errors.push(e) });
    const failure = new Error("socket layer down");
    scattered.scatter([
      () => {
        throw failure;
      },
      ...pushes(2),
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toEqual([failure]);
    expect(ran).toHaveLength(2);
  });
});
