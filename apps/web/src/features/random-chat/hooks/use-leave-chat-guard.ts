import { useCallback, useEffect, useRef } from "react";
import { type BlockerFunction, useBlocker, useLocation, useNavigate } from "react-router";
import { CHAT_PATH } from "../../../lib/app-paths";
import { useLeaveChatLink } from "../state/leave-chat-link";

/** Marks the extra history entry pushed while a chat is live, so "back" lands on /chat first. */
const GUARD_STATE_KEY = "heartlineLeaveChatGuard";

function hasGuardEntry(state: unknown): boolean {
  return typeof state === "object" && state !== null && GUARD_STATE_KEY in state;
}

export interface LeaveChatGuard {
  isOpen: boolean;
  /** What the dialog is about: a live chat (spec §2 texts) or a search in progress (issue 14). */
  subject: "chat" | "search";
  /** Ends the chat and carries on: to the clicked target, or to / for the back action. */
  leave: () => void;
  /** Closes the dialog and stays in the chat. */
  stay: () => void;
}

/**
 * spec §2 Leave Chat confirmation: on /chat while connected, the logo, top-bar links and the browser
 * back action ask first. A router blocker intercepts every navigation away from /chat (links and
 * history alike) without touching the links themselves. A guard history entry is pushed while
 * connected so that "back" has an in-app entry to land on even when /chat was the first page.
 */
export function useLeaveChatGuard(endChat: () => void): LeaveChatGuard {
  const isConnected = useLeaveChatLink((state) => state.isConnected);
  const location = useLocation();
  const navigate = useNavigate();
  const isBackAction = useRef(false);
  const isGuarding = isConnected && location.pathname === CHAT_PATH;

  useEffect(() => {
    if (!isGuarding || hasGuardEntry(location.state)) return;
    const state = typeof location.state === "object" && location.state !== null ? location.state : {};
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { ...state, [GUARD_STATE_KEY]: true } },
    );
  }, [isGuarding, location, navigate]);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation, historyAction }) => {
    // Read the store at navigation time: the blocker must see a chat that started a moment ago.
    const { isConnected, isSearching } = useLeaveChatLink.getState();
    if (!(isConnected || isSearching) || currentLocation.pathname !== CHAT_PATH) return false;
    const isLeavingChat = nextLocation.pathname !== currentLocation.pathname;
    const isBackFromGuard =
      historyAction === "POP" && hasGuardEntry(currentLocation.state) && !hasGuardEntry(nextLocation.state);
    if (!isLeavingChat && !isBackFromGuard) return false;
    isBackAction.current = historyAction === "POP";
    return true;
  }, []);
  const blocker = useBlocker(shouldBlock);

  const leave = useCallback(() => {
    if (blocker.state !== "blocked") return;
    endChat();
    useLeaveChatLink.setState({ isConnected: false, isSearching: false });
    if (isBackAction.current) {
      // spec §2 The back action leads to / (the blocked history move has already been undone).
      blocker.reset();
      navigate("/", { replace: true });
    } else {
      blocker.proceed();
    }
  }, [blocker, endChat, navigate]);

  const stay = useCallback(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);

  const isSearchOnly = useLeaveChatLink((state) => state.isSearching && !state.isConnected);
  return { isOpen: blocker.state === "blocked", subject: isSearchOnly ? "search" : "chat", leave, stay };
}
