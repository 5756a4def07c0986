import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LeaderboardPage } from "./leaderboard-page";

describe("LeaderboardPage", () => {
  it("has one h1 'Leaderboard' and sets the tab title", () => {
    render(<LeaderboardPage />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Leaderboard");
    expect(document.title).toBe("Leaderboard · Heartline");
  });

  it("shows the honest empty state instead of invented people", () => {
    render(<LeaderboardPage />);
    expect(screen.getByTestId("leaderboard-empty")).toHaveTextContent(
      "No streaks yet — the leaderboard fills up as friends keep daily streaks going.",
    );
    expect(screen.queryAllByTestId("leaderboard-row")).toHaveLength(0);
  });

  it("explains how streaks work: friends, daily DMs, UTC days and the badge thresholds", () => {
    render(<LeaderboardPage />);
    const how = screen.getByRole("heading", { name: "How streaks work" }).closest("section");
    expect(how).toHaveTextContent("two friends who send each other direct messages on consecutive days");
    expect(how).toHaveTextContent("Days are counted in UTC");
    expect(screen.getByText("Badges unlock at 3, 7, 14, 30, 60 and 90 days.")).toBeInTheDocument();
    const badges = screen.getByRole("list", { name: "Streak badges" });
    expect(badges.querySelectorAll("[title$='Day Streak Achievement']")).toHaveLength(6);
  });
});
