import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StreakBadge } from "./streak-badge";

describe("StreakBadge", () => {
  it.each([0, 1, 2])("draws nothing for a %i-day streak", (days) => {
    const { container } = render(<StreakBadge streakCount={days} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [3, 3, "3"],
    [6, 3, "3"],
    [7, 7, "7"],
    [14, 14, "14"],
    [29, 14, "14"],
    [30, 30, "30"],
    [60, 60, "60"],
    [89, 60, "60"],
    [90, 90, "100"],
    [500, 90, "100"],
  ])("a %i-day streak earns the %i-day badge drawn as %s", (streak, threshold, art) => {
    render(<StreakBadge streakCount={streak} />);
    const badge = screen.getByRole("img", { name: `${threshold} Day Streak Achievement` });
    expect(badge).toHaveAttribute("title", `${threshold} Day Streak Achievement`);
    expect(badge.querySelector("text")).toHaveTextContent(new RegExp(`^${art}$`));
  });

  it("gives each threshold its own art", () => {
    const fills = [3, 7, 14, 30, 60, 90].map((days) => {
      const { container, unmount } = render(<StreakBadge streakCount={days} />);
      const stops = [...container.querySelectorAll("stop")].map((s) => s.getAttribute("stop-color"));
      unmount();
      return stops.join();
    });
    expect(new Set(fills).size).toBe(6);
  });
});
