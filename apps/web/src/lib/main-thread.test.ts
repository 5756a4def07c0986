import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SETTLE_AFTER_LOAD_MS, whenEngagedOrSettled } from "./main-thread";

/** Whether `promise` has resolved once pending timers and microtasks up to now have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe("whenEngagedOrSettled (issue #36: what can wait starts with the visitor)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("on a loaded page nobody touches, resolves once the settle time has passed and the browser is idle", async () => {
    expect(document.readyState).toBe("complete");
    const settled = whenEngagedOrSettled();
    await vi.advanceTimersByTimeAsync(SETTLE_AFTER_LOAD_MS - 1);
    expect(await isSettled(settled)).toBe(false);
    // The settle time, then an idle moment (without requestIdleCallback: at most 200 ms later).
    await vi.advanceTimersByTimeAsync(1 + 200);
    expect(await isSettled(settled)).toBe(true);
  });

  it.each(["pointerdown", "keydown", "touchstart", "wheel", "scroll"])(
    "a %s starts it at once, without waiting for the settle time",
    async (type) => {
      const settled = whenEngagedOrSettled();
      window.dispatchEvent(new Event(type));
      await vi.advanceTimersByTimeAsync(200);
      expect(await isSettled(settled)).toBe(true);
    },
  );

  it("an engagement on an element of the page counts too (the listener captures)", async () => {
    const button = document.createElement("button");
    document.body.append(button);
    const settled = whenEngagedOrSettled();
    button.dispatchEvent(new Event("pointerdown", { bubbles: false }));
    await vi.advanceTimersByTimeAsync(200);
    expect(await isSettled(settled)).toBe(true);
    button.remove();
  });
});
