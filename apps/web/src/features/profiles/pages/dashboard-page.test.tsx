import { MAX_IMAGE_BYTES, streakBadgeFor } from "@heartline/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { accountUser, type FakeAccountApi, startFakeAccountApi } from "../../../test/fake-account-api";
import { renderWithApp } from "../../../test/render-with-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { useAuthModalStore } from "../../accounts";
import { DashboardPage } from "./dashboard-page";

let sockets: TestSocketServer;
let socket: AppSocket;
let api: FakeAccountApi | undefined;

beforeEach(async () => {
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  await sockets.close();
  act(() => useAuthModalStore.getState().closeModal());
});

async function renderDashboard(user = accountUser()) {
  api = await startFakeAccountApi(user);
  const view = renderWithApp(<DashboardPage />, { path: "/group-chat/dashboard", socket });
  await screen.findByRole("heading", { level: 1, name: "Dashboard" });
  return view;
}

describe("DashboardPage (/group-chat/dashboard)", () => {
  it("shows the whole profile, a way back to the group chat and a link to /settings", async () => {
    await renderDashboard(accountUser({ bio: "Night owl." }));
    expect(document.title).toBe("Dashboard · Heartline");
    expect(screen.getByRole("heading", { level: 2, name: "maya" })).toBeInTheDocument();
    expect(screen.getAllByRole("img", { name: "maya's avatar" }).length).toBeGreaterThan(0);
    expect(screen.getByRole("img", { name: "maya's banner" })).toBeInTheDocument();
    expect(screen.getAllByText("Member since January 15, 2026").length).toBeGreaterThan(0);
    expect(screen.getByTestId("profile-bio")).toHaveTextContent("Night owl.");
    expect(screen.getByText("10/300 characters")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to group chat" })).toHaveAttribute("href", "/group-chat");
    expect(screen.getByRole("link", { name: "Account settings" })).toHaveAttribute("href", "/settings");
    expect(screen.queryByRole("button", { name: "Upgrade account" })).not.toBeInTheDocument();
  });

  it("shows the highest streak badge from the user's public profile (issue #12)", async () => {
    const me = accountUser();
    api = await startFakeAccountApi(me);
    api.profiles.set(me.id, {
      id: me.id,
      username: me.username,
      gender: me.gender,
      profileImage: null,
      bannerImage: null,
      bio: null,
      isGuest: false,
      isDeleted: false,
      isAdmin: false,
      createdAt: me.createdAt,
      lastActive: null,
      highestBadge: streakBadgeFor(14),
    });
    renderWithApp(<DashboardPage />, { path: "/group-chat/dashboard", socket });
    const badge = await screen.findByRole("img", { name: "14 Day Streak Achievement" });
    expect(within(screen.getByTestId("profile-highest-badge")).getByTitle("14 Day Streak Achievement")).toBe(
      badge,
    );
  });

  it("offers a guest the upgrade, which opens the sign-up modal", async () => {
    const user = userEvent.setup();
    await renderDashboard(accountUser({ isGuest: true, email: null, username: "nightowl" }));
    expect(screen.getByRole("heading", { name: "You're using a guest account" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upgrade account" }));
    expect(useAuthModalStore.getState().modal).toBe("sign-up");
  });

  it("saves the bio: shown at once, confirmed by the server, counted against 300", async () => {
    const user = userEvent.setup();
    await renderDashboard();
    const bio = screen.getByRole("textbox", { name: "Bio" });
    await user.type(bio, "  Tea, books and late chats  ");
    expect(screen.getByText("25/300 characters")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save bio" }));
    expect(await screen.findByTestId("profile-bio")).toHaveTextContent("Tea, books and late chats");
    expect(await screen.findByText("Bio saved")).toBeInTheDocument();
    expect(api?.user?.bio).toBe("Tea, books and late chats");
  });

  it("rolls the bio back with an error toast when the server refuses it", async () => {
    const user = userEvent.setup();
    await renderDashboard(accountUser({ bio: "Before" }));
    api?.failNext("PATCH", "/api/users/me", 500, "Something went wrong");
    const bio = screen.getByRole("textbox", { name: "Bio" });
    await user.clear(bio);
    await user.type(bio, "After");
    await user.click(screen.getByRole("button", { name: "Save bio" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("profile-bio")).toHaveTextContent("Before"));
    expect(api?.user?.bio).toBe("Before");
  });

  it("refuses a bio over 300 characters with the schema's message and sends nothing", async () => {
    const user = userEvent.setup();
    await renderDashboard();
    const bio = screen.getByRole("textbox", { name: "Bio" });
    await user.click(bio);
    await user.paste("x".repeat(301));
    expect(screen.getByText("301/300 characters")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save bio" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Bio must be at most 300 characters");
    expect(api?.seen.some((request) => request.method === "PATCH")).toBe(false);
  });

  it("picks a built-in avatar and removes it again", async () => {
    const user = userEvent.setup();
    await renderDashboard();
    await user.click(screen.getByRole("radio", { name: "Robot avatar" }));
    await waitFor(() => expect(api?.user?.profileImage).toBe("avatar-3"));
    expect(screen.getByRole("radio", { name: "Robot avatar" })).toBeChecked();
    await user.click(await screen.findByRole("button", { name: "Remove picture" }));
    await waitFor(() => expect(api?.user?.profileImage).toBeNull());
    expect(screen.getByRole("radio", { name: "Robot avatar" })).not.toBeChecked();
  });

  it("uploads a GIF as it is and shows the server's picture", async () => {
    const user = userEvent.setup();
    await renderDashboard();
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], "wave.gif", {
      type: "image/gif",
    });
    await user.upload(screen.getByLabelText("Profile picture file"), gif);
    await waitFor(() => expect(api?.user?.profileImage).toMatch(/^\/uploads\//));
    const upload = api?.seen.find(
      (request) => request.method === "POST" && request.url === "/api/users/me/avatar",
    );
    expect(upload?.body).toContain('filename="wave.gif"');
    const picture = screen.getByRole("region", { name: "Profile picture" });
    await waitFor(() =>
      expect(within(picture).getByRole("img", { name: "maya's avatar" }).querySelector("img")).not.toBeNull(),
    );
  });

  const REFUSED = {
    svg: () => new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }),
    oversized: () => new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "huge.jpg", { type: "image/jpeg" }),
  };

  it.each([
    ["svg" as const, "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed."],
    ["oversized" as const, "File size exceeds 5MB limit"],
  ])("refuses an %s file before sending, with the exact message", async (kind, message) => {
    const user = userEvent.setup({ applyAccept: false });
    await renderDashboard();
    await user.upload(screen.getByLabelText("Banner image file"), REFUSED[kind]());
    // The toast says it (spec §8) and the line under the button keeps saying it (issue #14).
    expect(await screen.findByTestId("banner-upload-error")).toHaveTextContent(message);
    expect(await screen.findByRole("status", { name: "" })).toHaveTextContent(message);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api?.seen.some((request) => request.url.startsWith("/api/users/me/"))).toBe(false);
  });

  it("shows a server 4xx message as it comes, under the button until an upload succeeds", async () => {
    const user = userEvent.setup();
    await renderDashboard();
    api?.failNext("POST", "/api/users/me/banner", 413, "File size exceeds 5MB limit");
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], "big.gif", { type: "image/gif" });
    await user.upload(screen.getByLabelText("Banner image file"), gif);
    const error = await screen.findByTestId("banner-upload-error");
    expect(error).toHaveTextContent("File size exceeds 5MB limit");
    expect(screen.getByRole("button", { name: "Upload banner" })).toHaveAccessibleDescription(
      "File size exceeds 5MB limit",
    );
    await user.upload(screen.getByLabelText("Banner image file"), gif);
    await waitFor(() => expect(api?.user?.bannerImage).toMatch(/^\/uploads\//));
    await waitFor(() => expect(screen.queryByTestId("banner-upload-error")).not.toBeInTheDocument());
  });
});
