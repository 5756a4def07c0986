import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runWithTimeoutAndRetries, TaskCanceledError, TaskTimeoutError } from "./with-timeout-and-retries";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A task that never finishes by itself, recording each attempt's signal. */
function hangingTask() {
  const signals: AbortSignal[] = [];
  const task = (signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<string>(() => undefined);
  };
  return { task, signals };
}

describe("runWithTimeoutAndRetries (spec §9 processing 10 s / 2 retries, upload 15 s / 2 retries)", () => {
  it("returns the first attempt's value without retrying", async () => {
    const task = vi.fn(async () => "done");
    await expect(runWithTimeoutAndRetries(task, { timeoutMs: 10_000, retries: 2 })).resolves.toBe("done");
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("times out each attempt, aborts it, and gives up after 1 + 2 attempts", async () => {
    const { task, signals } = hangingTask();
    const result = runWithTimeoutAndRetries(task, { timeoutMs: 10_000, retries: 2 });
    const settled = expect(result).rejects.toBeInstanceOf(TaskTimeoutError);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20_000);
    await settled;
    expect(signals).toHaveLength(3);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("succeeds when a retry finishes in time", async () => {
    let attempts = 0;
    const task = (_signal: AbortSignal, attempt: number) => {
      attempts += 1;
      return attempt < 2 ? new Promise<string>(() => undefined) : Promise.resolve("third time");
    };
    const result = runWithTimeoutAndRetries(task, { timeoutMs: 15_000, retries: 2 });
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(result).resolves.toBe("third time");
    expect(attempts).toBe(3);
  });

  it("retries a failure too, and throws the last attempt's error", async () => {
    const task = vi.fn(async (_signal: AbortSignal, attempt: number) => {
      throw new Error(`attempt ${attempt}`);
    });
    await expect(runWithTimeoutAndRetries(task, { timeoutMs: 1_000, retries: 2 })).rejects.toThrow(
      "attempt 2",
    );
    expect(task).toHaveBeenCalledTimes(3);
  });

  it("does not retry an error the policy says is final", async () => {
    const task = vi.fn(async () => {
      throw new RangeError("client error");
    });
    const shouldRetry = (error: unknown) => !(error instanceof RangeError);
    await expect(
      runWithTimeoutAndRetries(task, { timeoutMs: 1_000, retries: 2, shouldRetry }),
    ).rejects.toThrow("client error");
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("stops at once, without retrying, when the caller cancels", async () => {
    const { task, signals } = hangingTask();
    const controller = new AbortController();
    const result = runWithTimeoutAndRetries(task, {
      timeoutMs: 10_000,
      retries: 2,
      signal: controller.signal,
    });
    const settled = expect(result).rejects.toBeInstanceOf(TaskCanceledError);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await settled;
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not start when already canceled", async () => {
    const task = vi.fn(async () => "never");
    const signal = AbortSignal.abort();
    await expect(
      runWithTimeoutAndRetries(task, { timeoutMs: 1_000, retries: 2, signal }),
    ).rejects.toBeInstanceOf(TaskCanceledError);
    expect(task).not.toHaveBeenCalled();
  });
});
