import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../app/query-client";
import { useAuthModalStore } from "../../accounts";
import { HomePage } from "./home-page";

function renderHome() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function section(heading: string): HTMLElement {
  const element = screen.getByRole("heading", { level: 2, name: heading }).closest("section");
  if (!element) throw new Error(`no section for ${heading}`);
  return element;
}

describe("HomePage", () => {
  afterEach(() => {
    act(() => useAuthModalStore.getState().closeModal());
  });

  it("has exactly one h1 and the home title", () => {
    renderHome();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Heartline · Anonymous chat with strangers");
  });

  it("has the agreed section headings", () => {
    renderHome();
    for (const name of ["New Features", "Leaderboard", "Confession Wall"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
  });

  it("links Start Chatting to /chat in the hero and in the closing call to action", () => {
    renderHome();
    const links = screen.getAllByRole("link", { name: "Start Chatting" });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute("href", "/chat");
  });

  it("opens the guest modal from Join Chat Room when signed out", async () => {
    renderHome();
    expect(useAuthModalStore.getState().modal).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Join Chat Room" }));
    expect(useAuthModalStore.getState().modal).toBe("guest");
  });

  it("shows the demo conversation and the static figures", () => {
    renderHome();
    expect(screen.getByTestId("demo-chat")).toBeInTheDocument();
    expect(screen.getByText("2,345")).toBeInTheDocument();
    expect(screen.getByText("99%")).toBeInTheDocument();
    expect(screen.getByText("24/7")).toBeInTheDocument();
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "AI chat — coming soon" })).toBeInTheDocument();
  });

  it("shows a sample top 10 marked as sample data", () => {
    renderHome();
    const leaderboard = section("Leaderboard");
    expect(within(leaderboard).getByText("Sample data")).toBeVisible();
    expect(within(leaderboard).getAllByTestId("leaderboard-row")).toHaveLength(10);
    expect(within(leaderboard).getAllByTitle(/^\d+ Day Streak Achievement$/).length).toBeGreaterThan(0);
    expect(within(leaderboard).getByRole("link", { name: "See the real leaderboard" })).toHaveAttribute(
      "href",
      "/leaderboard",
    );
  });

  it("explains streaks with a sample streak card", () => {
    renderHome();
    const features = section("New Features");
    expect(within(features).getByText("Sample data")).toBeVisible();
    expect(features).toHaveTextContent("12-day streak");
    expect(within(features).getByTitle("7 Day Streak Achievement")).toBeInTheDocument();
  });

  it("shows sample confessions with reaction counts and a disabled demo input", () => {
    renderHome();
    const wall = section("Confession Wall");
    expect(within(wall).getByText("Sample data")).toBeVisible();
    const confessions = within(wall).getByRole("list", { name: "Sample confessions" });
    expect(within(confessions).getAllByRole("blockquote")).toHaveLength(3);
    expect(confessions).toHaveTextContent("342 love reactions");
    const input = within(wall).getByRole("textbox", { name: "Demo confession (disabled)" });
    expect(input).toBeDisabled();
    expect(input.parentElement).toHaveTextContent("Demo");
  });

  it("shows the six features", () => {
    renderHome();
    const grid = section("Everything you need to connect");
    const titles = within(grid)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      "Random chat",
      "Group chat room",
      "Direct messages & friends",
      "Daily streaks",
      "Confession wall",
      "Privacy & anonymity",
      "AI chat — coming soon",
    ]);
  });
});
