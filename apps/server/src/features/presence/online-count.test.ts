import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryPresenceStore } from "./memory-presence-store";
import { OnlineCount } from "./online-count";

describe("OnlineCount (in-memory store)", () => {
  let connected: number;
  let pushes: number[];
  let errors: unknown[];
  let onlineCount: OnlineCount;

  beforeEach(() => {
    vi.useFakeTimers();
    connected = 0;
    pushes = [];
    errors = [];
    onlineCount = new OnlineCount({
      store: new MemoryPresenceStore(),
      localCount: () => connected,
      broadcast: (count) => pushes.push(count),
      onError: (error) => errors.push(error),
      coalesceMs: 250,
    });
    onlineCount.start();
  });
  afterEach(async () => {
    await onlineCount.stop();
    vi.useRealTimers();
  });

  function connect(count = 1): void {
    for (let index = 0; index < count; index += 1) {
      connected += 1;
      onlineCount.changed();
    }
  }

  it("pushes once per window however many sockets connect in it", async () => {
    connect(500);
    expect(pushes).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(pushes).toEqual([500]);
  });

  it("pushes again for changes made while a window was open, and not when nothing changed", async () => {
    connect(1);
    await vi.advanceTimersByTimeAsync(100);
    connect(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(pushes).toEqual([3]);

    connected -= 1;
    onlineCount.changed();
    connected += 1;
    onlineCount.changed();
    await vi.advanceTimersByTimeAsync(1_000);
    // Back to 3: nothing new to tell anyone.
    expect(pushes).toEqual([3]);

    connected -= 3;
    onlineCount.changed();
    await vi.advanceTimersByTimeAsync(250);
    expect(pushes).toEqual([3, 0]);
    expect(errors).toEqual([]);
  });

  it("answers current() with the live count, without waiting for a push", async () => {
    connect(4);
    expect(await onlineCount.current()).toBe(4);
  });

  it("stops pushing after stop()", async () => {
    connect(2);
    await onlineCount.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushes).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
