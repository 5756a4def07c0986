import { type StreakList, streakBadgeFor } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { streakKeys } from "../api/streak-keys";
import { useFriendStreak } from "../api/use-streaks";
import { StreakIndicator } from "../components/streak-indicator";
import { useStreakClock } from "../state/streak-clock";
import { useStreakEvents } from "./use-streak-events";

const SAM = "s".repeat(24);
const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(T0);
  useStreakClock.setState({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

function Host() {
  useStreakEvents(null, false);
  const found = useFriendStreak(SAM);
  return found ? <StreakIndicator streak={found.streak} /> : <p>no streak</p>;
}

it("moves a breaking streak to broken even when its timer fires before the wall clock reaches breaksAt", () => {
  const queryClient = new QueryClient();
  const list: StreakList = {
    timeZone: "UTC",
    streaks: [
      {
        friendId: SAM,
        count: 4,
        status: "breaking",
        badge: streakBadgeFor(4),
        breaksAt: T0 + 1_000,
        lastMessageAt: 1,
      },
    ],
  };
  queryClient.setQueryData(streakKeys.list(), list);
  render(
    <QueryClientProvider client={queryClient}>
      <Host />
    </QueryClientProvider>,
  );
  expect(screen.getByTestId("streak-indicator")).toHaveAttribute("data-status", "breaking");

  // The timer is armed for breaksAt. Put the wall clock a second behind the timers (as a browser's or
  // Node's event loop does when it reads its clock once per turn): the timer fires while Date.now()
  // still says the instant the clock was last moved to.
  vi.setSystemTime(T0 - 1_000);
  act(() => vi.advanceTimersByTime(1_000));
  expect(Date.now()).toBe(T0);

  expect(screen.getByTestId("streak-indicator")).toHaveAttribute("data-status", "broken");
});
