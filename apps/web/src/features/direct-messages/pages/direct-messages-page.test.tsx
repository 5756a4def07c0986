import {
  BLOCK_SYSTEM_MESSAGES,
  type ConversationDetail,
  type ConversationSummary,
  MESSAGING_MESSAGES,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AppSocket, SocketContext } from "../../../lib/socket";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { accountUser } from "../../../test/fake-account-api";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { dmKeys } from "../api/dm-keys";
import { useDmEvents } from "../hooks/use-dm-events";
import { type ConversationPages, unreadTotalOf } from "../state/conversation-list";
import { useDmClientStore } from "../state/dm-client-store";
import { CONVERSATION_ID, conversation, dm, ME, SAM } from "../state/test-messages";
import { DirectMessagesPage } from "./direct-messages-page";

const UNKNOWN = "zzzzzzzzzzzzzzzzzzzzzzzz";
const KIM = "kimUser00000000000000001";
const samUser = { id: SAM, username: "sam", profileImage: null, gender: "male" as const, isDeleted: false };
const summary: ConversationSummary = {
  ...conversation({ partnerId: SAM }),
  partner: samUser,
  lastMessage: {
    id: "m2",
    content: "/uploads/x.jpg",
    type: "image",
    senderId: SAM,
    timestamp: Date.now(),
    seq: 2,
  },
  unreadCount: 2,
};
const detail: ConversationDetail = {
  partner: samUser,
  conversation: summary,
  blockedByMe: false,
  isFriend: true,
  partnerStatus: "offline",
};

let api: AccountsHttpServer;
let sockets: TestSocketServer;
let socket: AppSocket;

beforeEach(async () => {
  useDmClientStore.setState({ highlighted: {}, systemLines: [], typing: {}, statuses: {} });
  api = await startAccountsHttpServer();
  api.answer("GET /api/accounts/me", 200, { user: accountUser({ id: ME, username: "me" }) });
  api.answer(`GET ${SOCIAL_PATHS.conversations}`, 200, {
    conversations: [summary],
    totalUnread: 2,
    nextCursor: null,
  });
  api.answer(`GET ${SOCIAL_PATHS.conversation(SAM)}`, 200, detail);
  api.answer(`GET ${SOCIAL_PATHS.conversationMessages(SAM)}`, 200, {
    messages: [
      dm({ seq: 1, senderId: ME, receiverId: SAM, status: "read", content: "hi, see https://example.com" }),
      dm({ seq: 2, content: "javascript:alert(1)", timestamp: Date.now() }),
    ],
    hasMore: false,
  });
  api.answer(`GET ${SOCIAL_PATHS.friends}`, 200, { friends: [] });
  api.answer(`GET ${SOCIAL_PATHS.friendRequests}`, 200, { incoming: [], outgoing: [] });
  api.answer(`GET ${SOCIAL_PATHS.conversation(UNKNOWN)}`, 404, {
    error: { code: "not_found", message: `User with ID ${UNKNOWN} does not exist` },
  });
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await sockets.close();
  await api.close();
});

function Shell() {
  useDmEvents(socket, ME, true);
  return <Outlet />;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: "/group-chat/dm", element: <DirectMessagesPage /> },
          { path: "/group-chat/dm/:partnerId", element: <DirectMessagesPage /> },
          { path: "/group-chat/friends", element: <h1>Friends stand-in</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={socket}>
        <RouterProvider router={router} />
        <Toaster />
      </SocketContext>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe("DirectMessagesPage", () => {
  it("loads the next page with the labelled button; a message moves a page-2 conversation to the top", async () => {
    const user = userEvent.setup();
    const kim = {
      ...conversation({ partnerId: KIM }),
      partner: { ...samUser, id: KIM, username: "kim" },
      lastMessage: {
        id: "k1",
        content: "old news",
        type: "text" as const,
        senderId: KIM,
        timestamp: 1_000,
        seq: 1,
      },
      unreadCount: 1,
    };
    api.answer(`GET ${SOCIAL_PATHS.conversations}`, 200, {
      conversations: [summary],
      totalUnread: 3,
      nextCursor: "page-2",
    });
    api.answer(`GET ${SOCIAL_PATHS.conversations}?limit=50&before=page-2`, 200, {
      conversations: [kim],
      totalUnread: 3,
      nextCursor: null,
    });
    const { queryClient } = renderAt("/group-chat/dm");
    await screen.findByTestId("conversation-row");
    await user.click(screen.getByRole("button", { name: "Load more conversations" }));
    await waitFor(() => expect(screen.getAllByTestId("conversation-row")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Load more conversations" })).not.toBeInTheDocument();
    const partnersShown = () =>
      screen.getAllByTestId("conversation-row").map((row) => row.getAttribute("data-partner-id"));
    expect(partnersShown()).toEqual([SAM, KIM]);
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    act(() => {
      sockets.io.emit(
        "direct_message",
        dm({
          seq: 2,
          conversationId: kim.conversationId,
          senderId: KIM,
          content: "fresh",
          timestamp: Date.now() + 1_000,
        }),
      );
      sockets.io.emit("conversation_state", {
        partnerId: KIM,
        conversationId: kim.conversationId,
        hidden: false,
        unreadCount: 2,
        lastReadSeq: 0,
      });
    });
    await waitFor(() => expect(partnersShown()).toEqual([KIM, SAM]));
    expect(screen.getAllByTestId("conversation-row")[0]).toHaveTextContent("fresh");
    // The total over all my conversations moves by kim's one more unread.
    expect(unreadTotalOf(queryClient.getQueryData<ConversationPages>(dmKeys.conversations()))).toBe(4);
    // Only the two page requests: the push needed no refetch.
    expect(
      api.requests.filter((request) => request.path.startsWith(`${SOCIAL_PATHS.conversations}?`)),
    ).toHaveLength(2);
  });

  it("lists conversations with the photo preview and the unread count", async () => {
    renderAt("/group-chat/dm");
    const row = await screen.findByTestId("conversation-row");
    expect(row).toHaveTextContent("sam");
    expect(within(row).getByTestId("conversation-preview")).toHaveTextContent("Photo");
    expect(row).toHaveTextContent("2 unread");
    expect(within(row).getByRole("link")).toHaveAttribute("href", `/group-chat/dm/${SAM}`);
  });

  it("shows the thread as a log with a day separator, read ticks, and links only for http(s)", async () => {
    renderAt(`/group-chat/dm/${SAM}`);
    const log = await screen.findByRole("log", { name: "Messages with sam" });
    await within(log).findByText("javascript:alert(1)");
    const separators = within(log).getAllByTestId("day-separator");
    expect(separators.map((separator) => separator.textContent)).toEqual(["November 14, 2023", "Today"]);
    expect(within(log).getByRole("img", { name: "Read" })).toBeInTheDocument();
    const links = within(log).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://example.com/"]);
  });

  it("opening an unknown partner shows the server's exact message", async () => {
    renderAt(`/group-chat/dm/${UNKNOWN}`);
    expect(await screen.findByTestId("thread-error")).toHaveTextContent(
      `User with ID ${UNKNOWN} does not exist`,
    );
  });

  it("block (once confirmed) shows the toast and the local system line, swaps the box for Unblock; unblock says so", async () => {
    const user = userEvent.setup();
    api.answer(`POST ${SOCIAL_PATHS.blocks}`, 200, { blocked: true });
    api.answer(`DELETE ${SOCIAL_PATHS.block(SAM)}`, 200, { blocked: false });
    renderAt(`/group-chat/dm/${SAM}`);
    await user.click(await screen.findByRole("button", { name: "Conversation options for sam" }));
    // The server now says so too (a block refreshes the conversation and the friends).
    api.answer(`GET ${SOCIAL_PATHS.conversation(SAM)}`, 200, {
      ...detail,
      blockedByMe: true,
      isFriend: false,
    });
    await user.click(screen.getByRole("button", { name: "Block" }));
    // Issue #38: the dialog says what a block ends before anything happens.
    const confirm = await screen.findByRole("alertdialog", { name: "Block sam?" });
    expect(confirm).toHaveTextContent("Blocking ends your friendship and your streak with sam.");
    await user.click(within(confirm).getByRole("button", { name: "Block" }));
    expect(await screen.findByText(MESSAGING_MESSAGES.blocked)).toBeInTheDocument();
    expect(await screen.findByText(BLOCK_SYSTEM_MESSAGES.blocked)).toBeInTheDocument();
    expect(screen.queryByLabelText("Message sam")).not.toBeInTheDocument();
    api.answer(`GET ${SOCIAL_PATHS.conversation(SAM)}`, 200, { ...detail, isFriend: false });
    await user.click(
      within(screen.getByTestId("dm-blocked-notice")).getByRole("button", { name: "Unblock" }),
    );
    expect(await screen.findByText(BLOCK_SYSTEM_MESSAGES.unblocked)).toBeInTheDocument();
    expect(await screen.findByLabelText("Message sam")).toBeInTheDocument();
    // A block ended the friendship: the header offers it again.
    expect(await screen.findByRole("button", { name: "Add friend" })).toBeInTheDocument();
  });

  it("a failed hide puts the conversation back (spec §4 rollback)", async () => {
    const user = userEvent.setup();
    api.answer(`POST ${SOCIAL_PATHS.conversationHide(SAM)}`, 500, {
      error: { code: "internal", message: "Could not hide." },
    });
    renderAt("/group-chat/dm");
    await user.click(await screen.findByRole("button", { name: "Options for the conversation with sam" }));
    await user.click(screen.getByRole("button", { name: "Hide" }));
    expect(await screen.findByText("Could not hide.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("conversation-row")).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Hidden" })).toBeInTheDocument();
  });

  it("a message that unhides a conversation highlights it and closes it if it was open", async () => {
    const hidden = { ...summary, hidden: true, unreadCount: 0 };
    api.answer(`GET ${SOCIAL_PATHS.conversations}`, 200, {
      conversations: [hidden],
      totalUnread: 0,
      nextCursor: null,
    });
    const { router } = renderAt(`/group-chat/dm/${SAM}`);
    await screen.findByRole("log", { name: "Messages with sam" });
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    act(() => {
      sockets.io.emit("conversation_state", {
        partnerId: SAM,
        conversationId: CONVERSATION_ID,
        hidden: false,
        unreadCount: 1,
        lastReadSeq: 2,
        unhiddenByMessage: true,
      });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/group-chat/dm"));
    const row = await screen.findByTestId("conversation-row");
    expect(row).toHaveAttribute("data-highlighted", "true");
    expect(row).toHaveTextContent("New");
  });
});
