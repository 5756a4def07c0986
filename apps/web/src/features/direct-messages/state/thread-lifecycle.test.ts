import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  INITIAL_THREAD_LIFECYCLE,
  LOADED_THREAD_LIFECYCLE,
  startsCatchUp,
  type ThreadLifecycle,
  type ThreadLifecycleEvent,
  transitionThread,
} from "./thread-lifecycle";

function run(events: readonly ThreadLifecycleEvent["type"][], from = INITIAL_THREAD_LIFECYCLE) {
  return events.reduce<ThreadLifecycle>((lifecycle, type) => transitionThread(lifecycle, { type }), from);
}

describe("a DM thread's lifecycle", () => {
  it("loading → live → reconnecting → catching up → live", () => {
    const live = run(["LOADED"]);
    expect(live).toEqual({ phase: "live", isConnected: true });
    const reconnecting = transitionThread(live, { type: "DISCONNECTED" });
    expect(reconnecting).toEqual({ phase: "reconnecting", isConnected: false });
    const catchingUp = transitionThread(reconnecting, { type: "RECONNECTED" });
    expect(catchingUp).toEqual({ phase: "catching-up", isConnected: true });
    expect(startsCatchUp(reconnecting, catchingUp)).toBe(true);
    expect(transitionThread(catchingUp, { type: "CAUGHT_UP" })).toEqual(live);
  });

  it("a failed catch-up leaves the thread live (pushes go on; the next reconnect tries again)", () => {
    expect(run(["LOADED", "DISCONNECTED", "RECONNECTED", "CATCH_UP_FAILED"]).phase).toBe("live");
  });

  it("a drop during the catch-up reconnects again, and the late answer of the old one changes nothing", () => {
    const dropped = run(["LOADED", "DISCONNECTED", "RECONNECTED", "DISCONNECTED"]);
    expect(dropped.phase).toBe("reconnecting");
    expect(transitionThread(dropped, { type: "CAUGHT_UP" })).toBe(dropped);
    expect(run(["RECONNECTED"], dropped).phase).toBe("catching-up");
  });

  it("a page that lands while the socket is down waits for the catch-up; one still loading needs none", () => {
    expect(run(["DISCONNECTED", "LOADED"]).phase).toBe("reconnecting");
    const backWhileLoading = run(["DISCONNECTED", "RECONNECTED"]);
    expect(backWhileLoading).toEqual(INITIAL_THREAD_LIFECYCLE);
    expect(run(["LOADED"], backWhileLoading).phase).toBe("live");
  });

  it("a first page that failed stays failed through drops until a refetch loads it", () => {
    const failed = run(["LOAD_FAILED"]);
    expect(failed.phase).toBe("failed");
    expect(run(["DISCONNECTED", "RECONNECTED"], failed).phase).toBe("failed");
    expect(run(["LOADED"], failed).phase).toBe("live");
  });

  it("an event that means nothing in the phase returns the same object", () => {
    expect(transitionThread(LOADED_THREAD_LIFECYCLE, { type: "LOADED" })).toBe(LOADED_THREAD_LIFECYCLE);
    expect(transitionThread(LOADED_THREAD_LIFECYCLE, { type: "RECONNECTED" })).toBe(LOADED_THREAD_LIFECYCLE);
    expect(transitionThread(LOADED_THREAD_LIFECYCLE, { type: "CAUGHT_UP" })).toBe(LOADED_THREAD_LIFECYCLE);
    expect(transitionThread(INITIAL_THREAD_LIFECYCLE, { type: "CAUGHT_UP" })).toBe(INITIAL_THREAD_LIFECYCLE);
  });

  it("in any sequence: live and catching up only while connected, reconnecting only while not", () => {
    const event = fc.constantFrom<ThreadLifecycleEvent["type"]>(
      "LOADED",
      "LOAD_FAILED",
      "DISCONNECTED",
      "RECONNECTED",
      "CAUGHT_UP",
      "CATCH_UP_FAILED",
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let lifecycle = INITIAL_THREAD_LIFECYCLE;
        let catchUps = 0;
        for (const type of events) {
          const next = transitionThread(lifecycle, { type });
          if (startsCatchUp(lifecycle, next)) catchUps += 1;
          lifecycle = next;
          if (lifecycle.phase === "live" || lifecycle.phase === "catching-up") {
            expect(lifecycle.isConnected).toBe(true);
          }
          if (lifecycle.phase === "reconnecting") expect(lifecycle.isConnected).toBe(false);
        }
        // A catch-up starts only on a reconnect.
        expect(catchUps).toBeLessThanOrEqual(events.filter((type) => type === "RECONNECTED").length);
      }),
    );
  });
});
