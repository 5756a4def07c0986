import type { GroupOnlineUser } from "@heartline/shared";
import { streakBadgeFor } from "@heartline/shared";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { OnlineUsersPanel } from "./online-users-panel";

const user = (userId: string, username: string, badge?: GroupOnlineUser["badge"]): GroupOnlineUser => ({
  userId,
  username,
  gender: "female",
  profileImage: null,
  status: "online",
  isGuest: false,
  ...(badge === undefined ? {} : { badge }),
});

describe("OnlineUsersPanel streak badges (issue #12)", () => {
  it("shows each person's highest badge with its tooltip, and nothing without one", () => {
    render(
      <MemoryRouter>
        <OnlineUsersPanel
          users={[user("a".repeat(24), "amy", streakBadgeFor(95)), user("b".repeat(24), "bo", null)]}
          ownId={"c".repeat(24)}
          mutedIds={new Set()}
          onReport={() => undefined}
        />
      </MemoryRouter>,
    );
    const rows = within(screen.getByTestId("online-users")).getAllByRole("listitem");
    const amy = rows.find((row) => row.textContent?.includes("amy")) as HTMLElement;
    const badge = within(amy).getByRole("img", { name: "90 Day Streak Achievement" });
    expect(badge).toHaveAttribute("title", "90 Day Streak Achievement");
    expect(badge).toHaveAttribute("tabindex", "0");
    const bo = rows.find((row) => row.textContent?.includes("bo")) as HTMLElement;
    expect(within(bo).queryByRole("img", { name: /Streak Achievement/ })).toBeNull();
  });
});

describe("OnlineUsersPanel profile cards (issue #14)", () => {
  it("makes each person a button that opens their card", async () => {
    const opened: string[] = [];
    render(
      <MemoryRouter>
        <OnlineUsersPanel
          users={[user("a".repeat(24), "amy", streakBadgeFor(7))]}
          ownId={"c".repeat(24)}
          mutedIds={new Set()}
          onReport={() => undefined}
          onOpenProfile={(person) => opened.push(person.username)}
        />
      </MemoryRouter>,
    );
    const amy = screen.getByRole("button", { name: /amy.*7 Day Streak Achievement/ });
    amy.click();
    expect(opened).toEqual(["amy"]);
    expect(screen.getByRole("img", { name: "7 Day Streak Achievement" })).not.toHaveAttribute("tabindex");
  });
});

describe("OnlineUsersPanel in a big room (issue #16)", () => {
  const twoShown = (counts: { online: number; away: number }, onShowMore: () => void) => (
    <MemoryRouter>
      <OnlineUsersPanel
        users={[user("a".repeat(24), "amy"), user("b".repeat(24), "bo")]}
        counts={counts}
        onShowMore={onShowMore}
        ownId={"c".repeat(24)}
        mutedIds={new Set()}
        onReport={() => undefined}
      />
    </MemoryRouter>
  );

  it("counts the whole room, shows the page it has, and asks for more only while there is more", () => {
    const asked: number[] = [];
    const { rerender } = render(twoShown({ online: 1_500, away: 500 }, () => asked.push(1)));
    expect(screen.getByRole("heading", { name: "Online now (2000)" })).toBeInTheDocument();
    screen.getByRole("button", { name: "Show more (1998 more)" }).click();
    expect(asked).toEqual([1]);
    rerender(twoShown({ online: 2, away: 0 }, () => asked.push(2)));
    expect(screen.queryByRole("button", { name: /Show more/ })).toBeNull();
  });
});
