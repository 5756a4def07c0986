import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app";
import { eventNames, startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { useRandomChatStore } from "../state/random-chat-store";

const TEXT =
  "You are currently connected with a partner. Are you sure you want to leave? This will end your chat session.";

let server: TestSocketServer;

/** Drives the real machine to "connected" (as `matched` from the server would). */
function connectPartner() {
  const { dispatch } = useRandomChatStore.getState();
  dispatch({ type: "SET_CHOICES", gender: "male", preference: "any" });
  dispatch({ type: "START" });
  dispatch({
    type: "MATCHED",
    roomId: "room-1",
    partner: { id: "p-1", gender: "female", isAI: false },
    at: 1,
  });
}

// The guard and its dialog load lazily (outside the landing page's JavaScript). In the browser that
// is one small fetch; here the first import is a transform that can take seconds on a busy machine,
// long enough for a click to go through before the guard is mounted. Load both before the tests.
beforeAll(async () => {
  await Promise.all([import("./leave-chat-guard"), import("./leave-chat-dialog")]);
});

beforeEach(async () => {
  server = await startTestSocketServer();
});

afterEach(async () => {
  act(() => useRandomChatStore.getState().clearAll());
  await server.close();
});

/** Renders the app on /chat (after the given earlier entries) with a partner connected. */
async function renderConnectedChat(earlier: string[] = ["/about"]) {
  const view = renderApp({ socket: await server.createClient(), entries: [...earlier, "/chat"] });
  await screen.findByRole("heading", { level: 1, name: "Random chat" });
  act(() => connectPartner());
  return view;
}

// The top bar's own links (content pages may have headers of their own).
const banner = () => screen.getByRole("navigation", { name: "Main" }).closest("header") as HTMLElement;
const findDialog = () => screen.findByRole("alertdialog", { name: "Leave Chat?" });

describe("leaving the search by accident (issue 14)", () => {
  it("a link on the waiting screen asks before it stops the search", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ socket: await server.createClient(), entries: ["/about", "/chat"] });
    await screen.findByRole("heading", { level: 1, name: "Random chat" });
    act(() => {
      const { dispatch } = useRandomChatStore.getState();
      dispatch({ type: "SET_CHOICES", gender: "male", preference: "female" });
      dispatch({ type: "START" });
      dispatch({ type: "WAITING", since: 1 });
    });
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
    await user.click(screen.getByRole("link", { name: "Settings" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Stop searching?" });
    expect(dialog).toHaveTextContent(
      "You are still looking for a partner. Leaving this page stops the search.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Keep searching" }));
    expect(router.state.location.pathname).toBe("/chat");
    expect(useRandomChatStore.getState().phase).toBe("waiting");
    await user.click(screen.getByRole("link", { name: "Settings" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Stop searching?" })).getByRole("button", {
        name: "Stop searching",
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    await waitFor(() => expect(eventNames(server)).toContain("end_chat"));
  });
});

describe("Leave Chat confirmation (spec §2)", () => {
  it("opens with the exact title, text and buttons when the logo is clicked, without navigating", async () => {
    const user = userEvent.setup();
    const { router } = await renderConnectedChat();
    await user.click(within(banner()).getByRole("link", { name: "Heartline home" }));

    const dialog = await findDialog();
    expect(within(dialog).getByRole("heading", { name: "Leave Chat?" })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(TEXT);
    expect(within(dialog).getByRole("button", { name: "Leave Chat" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(router.state.location.pathname).toBe("/chat");
  });

  it("locks page scroll while open", async () => {
    const user = userEvent.setup();
    await renderConnectedChat();
    expect(document.body).not.toHaveAttribute("data-scroll-locked");
    await user.click(within(banner()).getByRole("link", { name: "About" }));
    await findDialog();
    expect(document.body).toHaveAttribute("data-scroll-locked");
    expect(getComputedStyle(document.body).overflow).toBe("hidden");
  });

  it("Cancel closes it and stays in the chat", async () => {
    const user = userEvent.setup();
    const { router } = await renderConnectedChat();
    await user.click(within(banner()).getByRole("link", { name: "Guidelines" }));
    await user.click(within(await findDialog()).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/chat");
    expect(useRandomChatStore.getState().isConnected).toBe(true);
    expect(eventNames(server)).not.toContain("end_chat");
  });

  it("Leave Chat ends the chat on the server and goes to the clicked link", async () => {
    const user = userEvent.setup();
    const { router } = await renderConnectedChat();
    await user.click(within(banner()).getByRole("link", { name: "Leaderboard" }));
    await user.click(within(await findDialog()).getByRole("button", { name: "Leave Chat" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/leaderboard"));
    expect(useRandomChatStore.getState().isConnected).toBe(false);
    await waitFor(() => expect(server.received).toContainEqual({ event: "end_chat", args: [{}] }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("the browser back action opens it too, and Leave Chat then goes to /", async () => {
    const user = userEvent.setup();
    const { router } = await renderConnectedChat(["/about"]);
    // The guard entry is pushed while connected, so back first lands on it.
    await waitFor(() => expect(router.state.historyAction).toBe("PUSH"));
    await act(() => router.navigate(-1));

    const dialog = await findDialog();
    expect(router.state.location.pathname).toBe("/chat");
    await user.click(within(dialog).getByRole("button", { name: "Leave Chat" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitFor(() => expect(eventNames(server)).toContain("end_chat"));
  });

  it("back works as a plain back again after Cancel", async () => {
    const user = userEvent.setup();
    const { router } = await renderConnectedChat(["/about"]);
    await waitFor(() => expect(router.state.historyAction).toBe("PUSH"));
    await act(() => router.navigate(-1));
    await user.click(within(await findDialog()).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/chat");

    await act(() => router.navigate(-1));
    expect(await findDialog()).toBeInTheDocument();
  });

  it("opens nothing when no partner is connected", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ socket: await server.createClient(), entries: ["/chat"] });
    await screen.findByRole("heading", { level: 1, name: "Random chat" });
    await user.click(within(banner()).getByRole("link", { name: "About" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(eventNames(server)).not.toContain("end_chat");
  });

  it("does not guard other pages even while connected", async () => {
    const user = userEvent.setup();
    connectPartner();
    const { router } = renderApp({ socket: await server.createClient(), entries: ["/about"] });
    await user.click(
      within(await screen.findByRole("navigation", { name: "Main" })).getByRole("link", { name: "Contact" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/contact"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});
