import { type LeaderboardEntry, STREAK_PATHS, streakBadgeFor } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { LEADERBOARD_SCORE_TEXT, LeaderboardPage } from "./leaderboard-page";

let api: AccountsHttpServer;
beforeEach(async () => {
  api = await startAccountsHttpServer();
});
afterEach(async () => {
  await api.close();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LeaderboardPage />
    </QueryClientProvider>,
  );
}

const entry = (id: string, username: string, totalStreak: number): LeaderboardEntry => ({
  id,
  username,
  gender: null,
  profileImage: null,
  totalStreak,
  highestStreak: totalStreak,
  badge: streakBadgeFor(totalStreak),
});

describe("LeaderboardPage", () => {
  it("has one h1 'Leaderboard', sets the tab title and says what the score is", async () => {
    api.answer(`GET ${STREAK_PATHS.leaderboard}`, 200, { entries: [] });
    renderPage();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Leaderboard");
    expect(document.title).toBe("Leaderboard · Heartline");
    expect(screen.getByTestId("leaderboard-score")).toHaveTextContent(LEADERBOARD_SCORE_TEXT);
    await screen.findByTestId("leaderboard-empty");
  });

  it("shows the server's top list in its order, with count and badge", async () => {
    api.answer(`GET ${STREAK_PATHS.leaderboard}`, 200, {
      entries: [entry("u1", "maya", 31), entry("u2", "leo", 7), entry("u3", "kai", 2)],
    });
    renderPage();
    const rows = await screen.findAllByTestId("leaderboard-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("maya"),
      expect.stringContaining("leo"),
      expect.stringContaining("kai"),
    ]);
    expect(rows[0]).toHaveTextContent("31 day streak");
    expect(within(rows[0] as HTMLElement).getByTitle("30 Day Streak Achievement")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole("img", { name: /Streak Achievement/ })).toBeNull();
  });

  it("shows the honest empty state when nobody has a streak", async () => {
    api.answer(`GET ${STREAK_PATHS.leaderboard}`, 200, { entries: [] });
    renderPage();
    expect(await screen.findByTestId("leaderboard-empty")).toHaveTextContent(
      "No streaks yet — the leaderboard fills up as friends keep daily streaks going.",
    );
    expect(screen.queryAllByTestId("leaderboard-row")).toHaveLength(0);
  });

  it("says when the list could not be loaded and asks again on Try again", async () => {
    api.answer(`GET ${STREAK_PATHS.leaderboard}`, 500, { error: { code: "internal", message: "Boom." } });
    renderPage();
    expect(await screen.findByTestId("leaderboard-error")).toHaveTextContent("Boom.");
    api.answer(`GET ${STREAK_PATHS.leaderboard}`, 200, { entries: [entry("u1", "maya", 4)] });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("leaderboard-row")).toHaveTextContent("maya");
  });

  it("explains how streaks work: friends, daily DMs, UTC days and the badge thresholds", async () => {
    api.answer(`GET ${STREAK_PATHS.leaderboard}`, 200, { entries: [] });
    renderPage();
    const how = screen.getByRole("heading", { name: "How streaks work" }).closest("section");
    expect(how).toHaveTextContent("two friends who send each other direct messages on consecutive days");
    expect(how).toHaveTextContent("Days are counted in UTC");
    expect(screen.getByText("Badges unlock at 3, 7, 14, 30, 60 and 90 days.")).toBeInTheDocument();
    const badges = screen.getByRole("list", { name: "Streak badges" });
    expect(badges.querySelectorAll("[title$='Day Streak Achievement']")).toHaveLength(6);
    await screen.findByTestId("leaderboard-empty");
  });
});
