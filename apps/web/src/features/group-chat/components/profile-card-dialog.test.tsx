import { type PublicProfile, streakBadgeFor } from "@heartline/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { accountUser, type FakeAccountApi, startFakeAccountApi } from "../../../test/fake-account-api";
import { renderWithApp } from "../../../test/render-with-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { ProfileCardDialog, type ProfileCardTarget } from "./profile-card-dialog";

let sockets: TestSocketServer;
let socket: AppSocket;
let api: FakeAccountApi;

const LENA: PublicProfile = {
  id: "p".repeat(24),
  username: "lena",
  gender: "female",
  profileImage: "avatar-2",
  bannerImage: null,
  bio: "Hiking and late-night jazz.",
  isGuest: false,
  isDeleted: false,
  isAdmin: false,
  createdAt: Date.UTC(2026, 0, 1),
  lastActive: null,
  friendCount: 3,
  highestBadge: streakBadgeFor(30),
};

beforeEach(async () => {
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
  api = await startFakeAccountApi(null);
  api.profiles.set(LENA.id, LENA);
});

afterEach(async () => {
  await api.close();
  await sockets.close();
});

/** The room's way in: a name to tap; the card opens over it and reports what Report asked for. */
function Room({
  viewer,
  reported,
}: {
  viewer: ReturnType<typeof accountUser>;
  reported: ProfileCardTarget[];
}) {
  const [target, setTarget] = useState<ProfileCardTarget | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget({ userId: LENA.id, username: "lena" })}>
        lena
      </button>
      <ProfileCardDialog
        target={target}
        viewer={viewer}
        onClose={() => setTarget(null)}
        onReport={(person) => {
          reported.push(person);
          setTarget(null);
        }}
      />
    </>
  );
}

describe("ProfileCardDialog (issue #14)", () => {
  it("shows banner, avatar, bio and highest badge, and returns focus to the name on Escape", async () => {
    const user = userEvent.setup();
    renderWithApp(<Room viewer={accountUser()} reported={[]} />, { path: "/group-chat", socket });
    const opener = screen.getByRole("button", { name: "lena" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "lena's profile" });
    expect(await screen.findByTestId("profile-card-bio")).toHaveTextContent("Hiking and late-night jazz.");
    expect(dialog).toHaveTextContent("3 friends");
    expect(screen.getByRole("img", { name: "lena's banner" })).toBeInTheDocument();
    expect(screen.getByLabelText(/30 Day Streak Achievement/)).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("gives a verified viewer Add friend, Message and Block (confirmed, POST /api/blocks), then Unblock", async () => {
    const user = userEvent.setup();
    api.user = accountUser();
    renderWithApp(<Room viewer={accountUser()} reported={[]} />, { path: "/group-chat", socket });
    await user.click(screen.getByRole("button", { name: "lena" }));
    expect(await screen.findByRole("button", { name: "Add friend" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Message" })).toHaveAttribute(
      "href",
      `/group-chat/dm/${LENA.id}`,
    );
    await user.click(screen.getByRole("button", { name: "Block" }));
    // Issue #38: a block is confirmed first, saying what it ends.
    const confirm = await screen.findByRole("alertdialog", { name: "Block lena?" });
    expect(confirm).toHaveTextContent("Blocking ends your friendship and your streak with lena.");
    expect(api.seen.some((seen) => seen.method === "POST" && seen.url === "/api/blocks")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Block" }));
    expect(await screen.findByRole("button", { name: "Unblock" })).toBeInTheDocument();
    expect(api.seen.find((seen) => seen.method === "POST" && seen.url === "/api/blocks")?.body).toBe(
      JSON.stringify({ userId: LENA.id }),
    );
    expect(screen.queryByRole("link", { name: "Message" })).not.toBeInTheDocument();
  });

  it("shows Unblock at once for someone the viewer already blocks (GET /api/blocks), and unblocks", async () => {
    const user = userEvent.setup();
    api.user = accountUser();
    api.blockedIds.add(LENA.id);
    renderWithApp(<Room viewer={accountUser()} reported={[]} />, { path: "/group-chat", socket });
    await user.click(screen.getByRole("button", { name: "lena" }));
    await user.click(await screen.findByRole("button", { name: "Unblock" }));
    expect(await screen.findByRole("button", { name: "Block" })).toBeInTheDocument();
    expect(api.seen.some((seen) => seen.method === "DELETE" && seen.url === `/api/blocks/${LENA.id}`)).toBe(
      true,
    );
    expect(api.blockedIds.has(LENA.id)).toBe(false);
  });

  it("offers a guest viewer only Report, says why, and hands Report the person", async () => {
    const user = userEvent.setup();
    const reported: ProfileCardTarget[] = [];
    const guest = accountUser({ isGuest: true, email: null, emailVerified: false });
    renderWithApp(<Room viewer={guest} reported={reported} />, { path: "/group-chat", socket });
    await user.click(screen.getByRole("button", { name: "lena" }));
    expect(
      await screen.findByText("Create a free account to add friends, send messages and block people."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add friend" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Block" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Report" }));
    expect(reported).toEqual([{ userId: LENA.id, username: "lena" }]);
  });
});
