import { CHAT_STORAGE_KEY } from "@heartline/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import type { Socket } from "socket.io";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bindServerSession, useServerSessionStore } from "../../../lib/socket";
import { renderApp } from "../../../test/render-app";
import { eventNames, startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { insertAtCaret as withEmojiAt } from "../../../ui/insert-at-caret";
import { useRandomChatStore } from "../state/random-chat-store";

type Ack = (result: unknown) => void;
let server: TestSocketServer;
/** The server side of the one client, once it connected. */
let peer: Socket | undefined;
/** Message acks held back so a test can see the pending state first. */
let heldAcks: { id: string; ack: Ack }[] = [];
/** What the fake server says of the 18+ confirmation at the handshake (issue 14). */
let isAdultConfirmed = true;
let unbindSession = () => {};

beforeEach(async () => {
  server = await startTestSocketServer();
  peer = undefined;
  heldAcks = [];
  isAdultConfirmed = true;
  server.io.on("connection", (socket) => {
    peer = socket as unknown as Socket;
    socket.emit("session", { userId: "me-visitor-1", isVisitor: true, isAdultConfirmed });
    socket.on("confirm_adult", (_payload, ack) => {
      socket.emit("session", { userId: "me-visitor-1", isVisitor: true, isAdultConfirmed: true });
      ack?.({ ok: true, data: undefined });
    });
    socket.emit("ai_status", { available: false });
    socket.on("join", (_payload, ack) => {
      socket.emit("waiting", { since: Date.now() });
      ack?.({ ok: true, data: undefined });
    });
    socket.on("next", (_payload, ack) => {
      socket.emit("waiting", { since: Date.now() });
      ack?.({ ok: true, data: undefined });
    });
    socket.on("end_chat", (_payload, ack) => ack?.({ ok: true, data: undefined }));
    socket.on("switch_to_person", (_payload, ack) => ack?.({ ok: true, data: undefined }));
    socket.on("chat_message", (payload, ack) => heldAcks.push({ id: payload.id, ack: ack as Ack }));
    socket.on("report_partner", (_payload, ack) => ack({ ok: true, data: { reportId: "r-1" } }));
  });
});

afterEach(async () => {
  unbindSession();
  useServerSessionStore.setState({ isAdultConfirmed: null });
  act(() => useRandomChatStore.getState().clearAll());
  await server.close();
});

const received = (event: string) =>
  server.received.filter((entry) => entry.event === event).map((e) => e.args[0]);

async function renderChat() {
  const socket = await server.createClient();
  // As the app does when it creates its socket: `session` lands in the server-session store.
  unbindSession = bindServerSession(socket);
  const view = renderApp({ socket, entries: ["/chat"] });
  await screen.findByRole("heading", { level: 1, name: "Random chat" });
  await waitFor(() => expect(peer).toBeDefined());
  return view;
}

async function startAndMatch(partner = { id: "partner-1", gender: "female" as const, isAI: false }) {
  const user = userEvent.setup();
  await renderChat();
  await user.click(screen.getByRole("radio", { name: "Male" }));
  await user.click(screen.getByRole("radio", { name: "Women" }));
  await user.click(screen.getByRole("button", { name: "Start Chatting" }));
  await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
  act(() => {
    peer?.emit("matched", { roomId: "room-1", partner });
  });
  await screen.findByRole("log", { name: "Messages" });
  return user;
}

describe("ChatPage (/chat): picker and search", () => {
  it("sends the languages chosen with join, and remembers them for the next visit (issue #39)", async () => {
    const user = userEvent.setup();
    const view = await renderChat();
    const languages = screen.getByRole("group", { name: "Languages I speak (optional)" });
    await user.click(within(languages).getByRole("checkbox", { name: "English" }));
    await user.click(within(languages).getByRole("checkbox", { name: "हिन्दी" }));
    await user.click(within(languages).getByRole("checkbox", { name: "العربية" }));
    await user.click(screen.getByRole("radio", { name: "Male" }));
    await user.click(screen.getByRole("button", { name: "Start Chatting" }));
    await waitFor(() =>
      expect(received("join")).toEqual([
        { gender: "male", preference: "any", languages: ["hi", "ar"], allowAI: true },
      ]),
    );
    view.unmount();
    await renderChat();
    const again = screen.getByRole("group", { name: "Languages I speak (optional)" });
    expect(
      within(again)
        .getAllByRole("checkbox", { checked: true })
        .map((box) => box.getAttribute("value")),
    ).toEqual(["hi", "ar"]);
  });

  it("offers the four genders and four preferences of spec §1/§3", async () => {
    await renderChat();
    const gender = screen.getByRole("group", { name: "I am" });
    expect(
      within(gender)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["male", "female", "other", "prefer-not-to-say"]);
    const preference = screen.getByRole("group", { name: "I want to chat with" });
    expect(within(preference).getByRole("radio", { name: "Anyone" })).toBeChecked();
    expect(screen.queryByText("Matching opens soon")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start Chatting" })).toBeDisabled();
  });

  it("Start Chatting emits join with the choices, shows the search and the honest AI note; Cancel leaves", async () => {
    const user = userEvent.setup();
    await renderChat();
    await user.click(screen.getByRole("radio", { name: "Female" }));
    await user.click(screen.getByRole("radio", { name: "Men" }));
    await user.type(screen.getByLabelText(/Interests/), "music, films , ,travel");
    await user.click(screen.getByRole("button", { name: "Start Chatting" }));
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
    await waitFor(() =>
      expect(received("join")).toEqual([
        {
          gender: "female",
          preference: "male",
          interests: ["music", "films", "travel"],
          // Issue #39: the browser's language (jsdom's en-US) until the visitor chooses.
          languages: ["en"],
          allowAI: true,
        },
      ]),
    );
    expect(screen.getByTestId("ai-note")).toHaveTextContent("AI companion: not available on this server");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByRole("heading", { level: 1, name: "Random chat" });
    await waitFor(() => expect(eventNames(server)).toContain("end_chat"));
  });
});

const ADULT = "I am 18 or older and accept the Terms and Guidelines";

describe("ChatPage (/chat): the 18+ confirmation (issue 14)", () => {
  it("asks a visitor once before the first search, with links to the Terms and Guidelines", async () => {
    isAdultConfirmed = false;
    const user = userEvent.setup();
    await renderChat();
    await user.click(screen.getByRole("radio", { name: "Male" }));
    const box = screen.getByRole("checkbox", { name: ADULT });
    const confirmation = box.closest("div") as HTMLElement;
    expect(within(confirmation).getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    expect(within(confirmation).getByRole("link", { name: "Guidelines" })).toHaveAttribute(
      "href",
      "/guidelines",
    );
    expect(screen.getByRole("button", { name: "Start Chatting" })).toBeDisabled();
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Start Chatting" }));
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
    // Confirmed first, then joined.
    await waitFor(() =>
      expect(eventNames(server).filter((name) => name === "confirm_adult" || name === "join")).toEqual([
        "confirm_adult",
        "join",
      ]),
    );
    expect(received("confirm_adult")).toEqual([{ accepted: true }]);
    // Back at the picker: not asked again.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByRole("heading", { level: 1, name: "Random chat" });
    expect(screen.queryByRole("checkbox", { name: ADULT })).not.toBeInTheDocument();
  });

  it("does not ask someone the server already knows to be 18+", async () => {
    await renderChat();
    await waitFor(() => expect(useServerSessionStore.getState().isAdultConfirmed).toBe(true));
    expect(screen.queryByRole("checkbox", { name: ADULT })).not.toBeInTheDocument();
  });
});

describe("ChatPage (/chat): the chat", () => {
  it("shows the partner label and the connected system message", async () => {
    await startAndMatch();
    expect(screen.getByTestId("partner-label")).toHaveTextContent("Stranger");
    expect(screen.getByText("You're now chatting with a stranger. Say hi!")).toBeInTheDocument();
    expect(screen.getByRole("log", { name: "Messages" })).toHaveAttribute("aria-live", "polite");
    expect(useRandomChatStore.getState().isConnected).toBe(true);
  });

  it("a send is pending until the server acknowledges it; text stays text", async () => {
    const user = await startAndMatch();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "<b>hi</b> https://x.test{Enter}");
    const bubble = await screen.findByText("<b>hi</b> https://x.test");
    expect(bubble.closest("li")).toHaveTextContent("Sending…");
    expect(bubble.closest("li")?.querySelector("b, a")).toBeNull();
    await waitFor(() => expect(heldAcks).toHaveLength(1));
    act(() => heldAcks[0]?.ack({ ok: true, data: { id: heldAcks[0].id, timestamp: Date.now() } }));
    await waitFor(() => expect(bubble.closest("li")).not.toHaveTextContent("Sending…"));
    expect(received("typing")).toContainEqual({ isTyping: true });
    expect(received("typing")).toContainEqual({ isTyping: false });
  });

  it("a refused send shows the server's message and Retry resends the same id", async () => {
    const user = await startAndMatch();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "too fast{Enter}");
    await waitFor(() => expect(heldAcks).toHaveLength(1));
    const message = "You're sending messages too fast. Please slow down.";
    act(() => heldAcks[0]?.ack({ ok: false, error: { code: "rate_limited", message } }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(heldAcks).toHaveLength(2));
    expect(heldAcks[1]?.id).toBe(heldAcks[0]?.id);
  });

  it("replies quote the original; the partner's typing shows; partner_left ends; Next emits next", async () => {
    const user = await startAndMatch();
    act(() => {
      peer?.emit("partner_typing", { isTyping: true });
    });
    expect(await screen.findByText("Stranger is typing…")).toBeInTheDocument();
    act(() => {
      peer?.emit("chat_message", {
        id: "p-00000001",
        content: "hello there",
        senderId: "partner-1",
        timestamp: 1,
        type: "text",
      });
    });
    await screen.findByText("hello there");
    expect(screen.queryByText("Stranger is typing…")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^Reply to Stranger: hello there/ }));
    expect(screen.getByTestId("reply-preview")).toHaveTextContent("hello there");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "hi back{Enter}");
    await waitFor(() => expect(received("chat_message")).toHaveLength(1));
    expect(received("chat_message")[0]).toMatchObject({ content: "hi back", replyTo: { id: "p-00000001" } });
    const mine = screen.getByText("hi back").closest("li") as HTMLElement;
    expect(within(mine).getByTestId("reply-quote")).toHaveTextContent("hello there");
    expect(screen.queryByTestId("reply-preview")).not.toBeInTheDocument();

    act(() => {
      peer?.emit("partner_left", { reason: "ended" });
    });
    expect(await screen.findByText("Your partner has left the chat.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change preferences" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Find a new partner" }));
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
    await waitFor(() => expect(eventNames(server)).toContain("next"));
  });

  it("an AI partner is labelled AI before any message; person_available offers the switch", async () => {
    const user = await startAndMatch({ id: "ai-mia", gender: "female", isAI: true, name: "Mia" } as never);
    expect(screen.getByTestId("partner-label")).toHaveTextContent("Mia");
    expect(screen.getByTestId("ai-badge")).toHaveTextContent("AI");
    expect(screen.getByText(/You're chatting with Mia, an AI companion/)).toBeInTheDocument();
    act(() => {
      peer?.emit("person_available");
    });
    await user.click(await screen.findByRole("button", { name: "Switch to the person" }));
    await waitFor(() => expect(eventNames(server)).toContain("switch_to_person"));
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
  });

  it("the report dialog sends the reason, thanks the user and ends the chat", async () => {
    render(<Toaster />);
    const user = await startAndMatch();
    await user.click(screen.getByRole("button", { name: "Report partner" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this user" });
    expect(within(dialog).getAllByRole("radio")).toHaveLength(7);
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please choose a reason");
    await user.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
    await user.type(within(dialog).getByLabelText(/Details/), "links everywhere");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Report sent. Thank you for keeping Heartline safe.")).toBeInTheDocument();
    expect(received("report_partner")).toEqual([{ reason: "spam", details: "links everywhere" }]);
    await waitFor(() => expect(eventNames(server)).toContain("end_chat"));
    expect(await screen.findByText("You left the chat.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Find a new partner" })).toBeInTheDocument();
  });

  it("offers Report last partner after the partner left and while searching again, once", async () => {
    render(<Toaster />);
    const user = await startAndMatch();
    act(() => {
      peer?.emit("partner_left", { reason: "ended" });
    });
    await user.click(await screen.findByRole("button", { name: "Find a new partner" }));
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
    await user.click(screen.getByRole("button", { name: "Report last partner" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this user" });
    await user.click(within(dialog).getByRole("radio", { name: "Harassment or bullying" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Report sent. Thank you for keeping Heartline safe.")).toBeInTheDocument();
    expect(received("report_partner")).toEqual([{ reason: "harassment" }]);
    // Still searching (the report does not cancel the search), and the offer is gone.
    expect(screen.getByRole("heading", { level: 1, name: "Looking for someone…" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report last partner" })).not.toBeInTheDocument();
    expect(eventNames(server)).not.toContain("end_chat");
  });

  it("shows the shared interests and the partner's gender in words; asks before a reload mid-chat", async () => {
    const user = userEvent.setup();
    await renderChat();
    await user.click(screen.getByRole("radio", { name: "Male" }));
    await user.click(screen.getByRole("button", { name: "Start Chatting" }));
    await screen.findByRole("heading", { level: 1, name: "Looking for someone…" });
    act(() => {
      peer?.emit("matched", {
        roomId: "room-1",
        partner: { id: "partner-1", gender: "female", isAI: false },
        sharedInterests: ["hiking", "chess"],
      });
    });
    expect(await screen.findByTestId("shared-interests")).toHaveTextContent("You both like hiking and chess");
    expect(screen.getByTestId("partner-gender")).toHaveTextContent("Female");
    const reload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole("button", { name: "End" }));
    await screen.findByText("You left the chat.");
    const afterEnd = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(afterEnd);
    expect(afterEnd.defaultPrevented).toBe(false);
  });

  it("the emoji button of the group room puts the emoji at the caret with spaces", async () => {
    const user = await startAndMatch();
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, "hi there");
    (box as HTMLTextAreaElement).setSelectionRange(2, 2);
    expect(screen.getByRole("button", { name: "Add an emoji" })).toBeInTheDocument();
    expect(withEmojiAt("hi there", 2, 2, "😀")).toEqual({ text: "hi 😀 there", caret: 5 });
    expect(withEmojiAt("", 0, 0, "😀")).toEqual({ text: "😀 ", caret: 3 });
    expect(withEmojiAt("hi", 2, 2, "😀")).toEqual({ text: "hi 😀 ", caret: 6 });
  });

  it("persists only gender, preference and the three counters under chat-storage", async () => {
    const user = await startAndMatch();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "secret{Enter}");
    const stored = JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? "{}") as { state: object };
    expect(Object.keys(stored.state).sort()).toEqual(
      ["chatsStarted", "gender", "preference", "realUserCount", "simulatedUserCount"].sort(),
    );
    expect(stored.state).toMatchObject({ gender: "male", preference: "female", chatsStarted: 1 });
    expect(localStorage.getItem(CHAT_STORAGE_KEY)).not.toContain("secret");
    act(() => useRandomChatStore.getState().clearAll());
    expect(localStorage.getItem(CHAT_STORAGE_KEY)).toBeNull();
  });

  it("2 s after a reconnect a live chat shows the partner disconnected (spec §9)", async () => {
    await startAndMatch();
    const client = [...server.io.sockets.sockets.values()][0];
    client?.conn.close();
    expect(await screen.findByText("Your partner disconnected.", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Find a new partner" })).toBeInTheDocument();
  });

  it("2 s after a reconnect a search joins again with the same choices", async () => {
    const user = userEvent.setup();
    await renderChat();
    await user.click(
      within(screen.getByRole("group", { name: "I am" })).getByRole("radio", { name: "Other" }),
    );
    await user.click(screen.getByRole("button", { name: "Start Chatting" }));
    await waitFor(() => expect(received("join")).toHaveLength(1));
    [...server.io.sockets.sockets.values()][0]?.conn.close();
    await waitFor(() => expect(received("join")).toHaveLength(2), { timeout: 8000 });
    expect(received("join")[1]).toEqual(received("join")[0]);
    expect(screen.getByRole("heading", { level: 1, name: "Looking for someone…" })).toBeInTheDocument();
  });
});
