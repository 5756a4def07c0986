import {
  type FriendList,
  SOCIAL_PATHS,
  STREAK_PATHS,
  type StreakList,
  type StreakUpdatedPayload,
  streakBadgeFor,
} from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { streakKeys } from "../api/streak-keys";
import { useFriendStreak } from "../api/use-streaks";
import { StreakIndicator } from "../components/streak-indicator";
import { useStreakEvents } from "./use-streak-events";

const SAM = "s".repeat(24);
const friends: FriendList = {
  friends: [
    {
      id: SAM,
      username: "sam",
      profileImage: null,
      gender: "male",
      isDeleted: false,
      status: "online",
      lastActive: null,
      friendsSince: 1,
    },
  ],
};

let api: AccountsHttpServer;
let sockets: TestSocketServer;
let socket: AppSocket;

beforeEach(async () => {
  api = await startAccountsHttpServer();
  api.answer(`GET ${SOCIAL_PATHS.friends}`, 200, friends);
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await sockets.close();
  await api.close();
});

function SamStreak() {
  const found = useFriendStreak(SAM);
  return found ? <StreakIndicator streak={found.streak} /> : <p>no streak</p>;
}

function Host() {
  useStreakEvents(socket, true);
  return <SamStreak />;
}

function renderHost() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Host />
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

const update = (count: number, rose: boolean): StreakUpdatedPayload => ({
  friendId: SAM,
  count,
  status: "active",
  badge: streakBadgeFor(count),
  breaksAt: Date.now() + 30 * 3_600_000,
  rose,
  newBadge: rose && count === 3 ? streakBadgeFor(3) : null,
});

describe("useStreakEvents", () => {
  it("loads my streaks once and shows a friend's as it is", async () => {
    api.answer(`GET ${STREAK_PATHS.streaks}`, 200, {
      timeZone: "UTC",
      streaks: [{ ...update(5, false), lastMessageAt: 1 }],
    });
    renderHost();
    const indicator = await screen.findByTestId("streak-indicator");
    expect(indicator).toHaveAttribute("data-count", "5");
    expect(api.requests.filter((request) => request.path === STREAK_PATHS.streaks)).toHaveLength(1);
  });

  it("applies a pushed rise and toasts it with the friend's name, and a new badge with its label", async () => {
    api.answer(`GET ${STREAK_PATHS.streaks}`, 200, { timeZone: "UTC", streaks: [] });
    const queryClient = renderHost();
    await screen.findByText("no streak");
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    sockets.io.emit("streak_updated", update(3, true));
    expect(await screen.findByText("🔥 Your streak with sam is now 3 days")).toBeInTheDocument();
    expect(await screen.findByText("Earned with sam")).toBeInTheDocument();
    expect(screen.getByTestId("streak-indicator")).toHaveAttribute("data-count", "3");
    expect(queryClient.getQueryData<StreakList>(streakKeys.list())?.streaks).toHaveLength(1);
  });

  it("keeps a pushed rise that came while the first load was on its way (that answer predates it)", async () => {
    api.answer(`GET ${STREAK_PATHS.streaks}`, 200, { timeZone: "UTC", streaks: [] });
    const answerFirstLoad = api.holdNext(`GET ${STREAK_PATHS.streaks}`);
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    renderHost();
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === STREAK_PATHS.streaks)).toBe(true),
    );
    // The server's state after the message; the held first load still answers the state before it.
    api.answer(`GET ${STREAK_PATHS.streaks}`, 200, {
      timeZone: "UTC",
      streaks: [{ ...update(3, true), lastMessageAt: 1 }],
    });
    sockets.io.emit("streak_updated", update(3, true));
    expect(await screen.findByText("🔥 Your streak with sam is now 3 days")).toBeInTheDocument();
    answerFirstLoad();
    await waitFor(() => expect(screen.getByTestId("streak-indicator")).toHaveAttribute("data-count", "3"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByTestId("streak-indicator")).toHaveAttribute("data-count", "3");
  });

  it("drops the streak of a removed friend", async () => {
    api.answer(`GET ${STREAK_PATHS.streaks}`, 200, {
      timeZone: "UTC",
      streaks: [{ ...update(5, false), lastMessageAt: 1 }],
    });
    renderHost();
    await screen.findByTestId("streak-indicator");
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    sockets.io.emit("friend_request_updated", { id: "r1", status: "removed", userId: SAM });
    expect(await screen.findByText("no streak")).toBeInTheDocument();
  });

  it("shows a breaking streak broken once breaksAt passes, without asking the server again", async () => {
    api.answer(`GET ${STREAK_PATHS.streaks}`, 200, {
      timeZone: "UTC",
      streaks: [{ ...update(4, false), status: "breaking", breaksAt: Date.now() + 1_000, lastMessageAt: 1 }],
    });
    renderHost();
    // The server said breaking; only the client clock can make it read broken (one request in all).
    await waitFor(
      () => expect(screen.getByTestId("streak-indicator")).toHaveAttribute("data-status", "broken"),
      { timeout: 5_000 },
    );
    expect(api.requests.filter((request) => request.path === STREAK_PATHS.streaks)).toHaveLength(1);
  });
});
