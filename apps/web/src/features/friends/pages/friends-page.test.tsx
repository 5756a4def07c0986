import {
  FRIEND_ERROR_MESSAGES,
  type FriendRequestView,
  type FriendView,
  SOCIAL_PATHS,
  type SocialUser,
} from "@heartline/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { accountUser } from "../../../test/fake-account-api";
import { renderWithApp } from "../../../test/render-with-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { useAuthModalStore } from "../../accounts";
import { AddFriendDialog } from "../components/add-friend-dialog";
import { useFriendsEvents } from "../hooks/use-friends-events";
import { useAddFriendDialogStore } from "../state/add-friend-dialog-store";
import { FriendsPage } from "./friends-page";

const person = (id: string, username: string, gender: SocialUser["gender"] = "male"): SocialUser => ({
  id,
  username,
  profileImage: null,
  gender,
  isDeleted: false,
});
const SAM = person("s".repeat(24), "sam");
const KIM = person("k".repeat(24), "kim", "female");
const ALEX = person("a".repeat(24), "alex");

const samFriend: FriendView = { ...SAM, status: "online", lastActive: Date.now(), friendsSince: 1 };
const incoming: FriendRequestView = {
  id: "11111111-1111-4111-8111-111111111111",
  direction: "incoming",
  user: KIM,
  createdAt: Date.now() - 60_000,
};

let api: AccountsHttpServer;
let sockets: TestSocketServer;
let socket: AppSocket;

beforeEach(async () => {
  api = await startAccountsHttpServer();
  api.answer("GET /api/accounts/me", 200, { user: accountUser() });
  api.answer(`GET ${SOCIAL_PATHS.friends}`, 200, { friends: [samFriend] });
  api.answer(`GET ${SOCIAL_PATHS.friendRequests}`, 200, { incoming: [incoming], outgoing: [] });
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await sockets.close();
  await api.close();
  act(() => {
    useAuthModalStore.getState().closeModal();
    useAddFriendDialogStore.getState().close();
  });
});

function Live() {
  useFriendsEvents(socket, true);
  return (
    <>
      <FriendsPage />
      <AddFriendDialog />
    </>
  );
}

describe("FriendsPage (/group-chat/friends)", () => {
  it("lists friends with presence and a Message link, and requests with Accept / Decline", async () => {
    renderWithApp(<Live />, { path: "/group-chat/friends", socket });
    const friend = await screen.findByTestId("friend-row");
    expect(friend).toHaveTextContent("sam");
    expect(friend).toHaveTextContent("Online");
    expect(within(friend).getByRole("link", { name: "Message sam" })).toHaveAttribute(
      "href",
      `/group-chat/dm/${SAM.id}`,
    );
    const request = await screen.findByTestId("incoming-request");
    expect(within(request).getByRole("button", { name: "Accept friend request from kim" })).toBeEnabled();
    expect(within(request).getByRole("button", { name: "Decline friend request from kim" })).toBeEnabled();
    expect(document.title).toBe("Friends · Heartline");
  });

  it("accepting removes the request and loads the new friend", async () => {
    const user = userEvent.setup();
    api.answer(`POST ${SOCIAL_PATHS.acceptFriendRequest(incoming.id)}`, 200, { status: "accepted" });
    renderWithApp(<Live />, { path: "/group-chat/friends", socket });
    const accept = await screen.findByRole("button", { name: "Accept friend request from kim" });
    // The first list is loaded before the server's answer changes: the refetch after the accept may come
    // at once, and must see the new friend (set after the click, it raced the refetch).
    expect(await screen.findAllByTestId("friend-row")).toHaveLength(1);
    api.answer(`GET ${SOCIAL_PATHS.friends}`, 200, {
      friends: [samFriend, { ...KIM, status: "offline", lastActive: null, friendsSince: 2 }],
    });
    await user.click(accept);
    await waitFor(() => expect(screen.queryByTestId("incoming-request")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId("friend-row")).toHaveLength(2));
  });

  it("a pushed friend_request appears without reload, with a toast", async () => {
    renderWithApp(<Live />, { path: "/group-chat/friends", socket });
    await screen.findByTestId("friend-row");
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    const pushed: FriendRequestView = { ...incoming, id: "22222222-2222-4222-8222-222222222222", user: ALEX };
    sockets.io.emit("friend_request", pushed);
    expect(await screen.findByText("alex sent you a friend request")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("incoming-request")).toHaveLength(2));
    sockets.io.emit("friend_request_updated", { id: pushed.id, status: "cancelled", userId: ALEX.id });
    await waitFor(() => expect(screen.getAllByTestId("incoming-request")).toHaveLength(1));
  });

  it("the add-friend modal shows the server's refusal as it is", async () => {
    const user = userEvent.setup();
    api.answer(`POST ${SOCIAL_PATHS.friendRequests}`, 404, {
      error: { code: "not_found", message: FRIEND_ERROR_MESSAGES.userNotFound },
    });
    renderWithApp(<Live />, { path: "/group-chat/friends", socket });
    await user.click((await screen.findAllByRole("button", { name: "Add friend" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add a friend" });
    await user.type(within(dialog).getByLabelText("Username"), "nobody_here");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByText(FRIEND_ERROR_MESSAGES.userNotFound)).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === "POST")?.body).toEqual({
      username: "nobody_here",
    });
  });

  it("removing a friend asks first", async () => {
    const user = userEvent.setup();
    api.answer(`DELETE ${SOCIAL_PATHS.friend(SAM.id)}`, 200, { removed: true });
    renderWithApp(<Live />, { path: "/group-chat/friends", socket });
    await user.click(await screen.findByRole("button", { name: "Remove sam from friends" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove sam?" });
    api.answer(`GET ${SOCIAL_PATHS.friends}`, 200, { friends: [] });
    await user.click(within(dialog).getByRole("button", { name: "Remove friend" }));
    expect(await screen.findByText("No friends yet")).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === "DELETE")).toBe(true);
  });

  it("a guest sees why and can create an account", async () => {
    const user = userEvent.setup();
    api.answer("GET /api/accounts/me", 200, { user: accountUser({ isGuest: true, email: null }) });
    renderWithApp(<Live />, { path: "/group-chat/friends", socket });
    const notice = await screen.findByTestId("registered-only-notice");
    expect(notice).toHaveTextContent("Guest accounts are temporary, so they can't add friends.");
    await user.click(within(notice).getByRole("button", { name: "Create an account" }));
    expect(useAuthModalStore.getState().modal).toBe("sign-up");
    expect(api.requests.some((request) => request.path.startsWith("/api/friends"))).toBe(false);
  });
});
