import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useOnlineMappingCheck } from "./use-online-mapping-check";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useOnlineMappingCheck (spec §9: every 10 s)", () => {
  it("checks at once, then re-checks the latest list every 10 s, and stops on unmount", () => {
    const { result, rerender, unmount } = renderHook(({ ids }) => useOnlineMappingCheck(ids), {
      initialProps: { ids: ["abcdefghijkl"] as readonly unknown[] },
    });
    expect(result.current.total).toBe(1);
    expect(result.current.failing).toEqual([]);

    rerender({ ids: ["abcdefghijkl", "short"] });
    // The new list is picked up by the next scheduled check, not before.
    expect(result.current.total).toBe(1);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.total).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.total).toBe(2);
    expect(result.current.failing).toEqual(["short"]);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
