import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LEADERBOARD_EMPTY_MESSAGE, type LeaderboardEntry, LeaderboardList } from "./leaderboard-list";

function entry(index: number, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    id: `u${index}`,
    username: `user${index}`,
    totalStreak: 100 - index,
    highestStreak: 40,
    ...overrides,
  };
}

describe("LeaderboardList", () => {
  it("shows the empty state and no list when there are no entries", () => {
    render(<LeaderboardList entries={[]} />);
    expect(screen.getByTestId("leaderboard-empty")).toHaveTextContent(LEADERBOARD_EMPTY_MESSAGE);
    expect(screen.queryByTestId("leaderboard-list")).not.toBeInTheDocument();
  });

  it("shows rank, avatar, username, streak count and badge in each row", () => {
    render(
      <LeaderboardList entries={[entry(1, { username: "Maya", totalStreak: 42, highestStreak: 31 })]} />,
    );
    const row = screen.getByTestId("leaderboard-row");
    expect(row).toHaveTextContent("Rank 1");
    expect(within(row).getByRole("img", { name: "Maya's avatar" })).toBeInTheDocument();
    expect(row).toHaveTextContent("Maya");
    expect(row).toHaveTextContent("42 day streak");
    expect(within(row).getByTitle("30 Day Streak Achievement")).toBeInTheDocument();
  });

  it("titles badges 'N Day Streak Achievement' with the threshold reached, 90 for any longer streak", () => {
    const entries = [
      entry(1, { highestStreak: 500 }),
      entry(2, { highestStreak: 90 }),
      entry(3, { highestStreak: 89 }),
      entry(4, { highestStreak: 3 }),
      entry(5, { highestStreak: 2 }),
    ];
    render(<LeaderboardList entries={entries} />);
    const titles = screen
      .getAllByTestId("leaderboard-row")
      .map((row) => row.querySelector("[title]")?.getAttribute("title") ?? "none");
    expect(titles).toEqual([
      "90 Day Streak Achievement",
      "90 Day Streak Achievement",
      "60 Day Streak Achievement",
      "3 Day Streak Achievement",
      "none",
    ]);
  });

  it("shows only the top 10 in the order given", () => {
    render(<LeaderboardList entries={Array.from({ length: 14 }, (_, i) => entry(i + 1))} />);
    const rows = screen.getAllByTestId("leaderboard-row");
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent("user1");
    expect(rows[9]).toHaveTextContent("Rank 10");
    expect(rows[9]).toHaveTextContent("user10");
  });

  it("names users without a username 'Anonymous'", () => {
    render(<LeaderboardList entries={[entry(1, { username: null }), entry(2, { username: " " })]} />);
    const rows = screen.getAllByTestId("leaderboard-row");
    for (const row of rows)
      expect(within(row).getByRole("img", { name: "Anonymous's avatar" })).toBeVisible();
    expect(rows[1]).toHaveTextContent("Anonymous");
  });

  it("labels the list for assistive technology", () => {
    render(<LeaderboardList entries={[entry(1)]} label="Sample leaderboard" />);
    expect(screen.getByRole("list", { name: "Sample leaderboard" })).toBe(
      screen.getByTestId("leaderboard-list"),
    );
  });
});
