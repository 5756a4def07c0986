// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { type DirectMessage, DM_READ_BLOCK_AFTER_UNHIDE_MS } from "@heartline/shared";
import { useEffect, useRef, useState } from "react";
import type { AppSocket } from "../../../lib/socket";
import { useMarkRead } from "../api/use-conversation-actions";
import { isPageFocused } from "./thread-path";

const MAX_READ_RETRIES = 3;

/**
 * The open thread tells the server what reached this device (`direct_message_delivered`) and, while the
 * tab is focused, what was read (POST read) — once per new incoming message, and again on focus.
 */
export function useThreadReceipts(
  socket: AppSocket | null,
  partnerId: string,
  messages: readonly DirectMessage[] | undefined,
  lastReadSeq: number,
): void {
  const markRead = useMarkRead();
  const delivered = useRef(0);
  const readPosted = useRef(0);
  const [focusTick, setFocusTick] = useState(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  useEffect(() => {
    const onFocus = () => setFocusTick((tick) => tick + 1);
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, []);

  const lastIncomingSeq = messages?.filter((message) => message.senderId === partnerId).at(-1)?.seq ?? 0;
  const { mutate } = markRead;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focusTick re-checks focus after the tab comes back.
  useEffect(() => {
    if (lastIncomingSeq === 0) return;
    if (socket?.connected && lastIncomingSeq > delivered.current) {
      delivered.current = lastIncomingSeq;
      socket.emit("direct_message_delivered", { partnerId, upToSeq: lastIncomingSeq });
    }
    if (!isPageFocused()) return;
    if (lastIncomingSeq <= Math.max(lastReadSeq, readPosted.current)) return;
    readPosted.current = lastIncomingSeq;
    const asked = lastIncomingSeq;
    // Within 3 s of an unhide the server ignores a read (spec §4); the next focus or message tries again.
    mutate(partnerId, {
      onSuccess: (state) => {
        // The contract flags an ignored read with `ignored`; a read position short of what was asked means
        // the same (the server answered its current state), so both try again after the block.
        if (!state.ignored && state.lastReadSeq >= asked) {
          retries.current = 0;
          return;
        }
        readPosted.current = 0;
        // A few tries are plenty past a 3 s block; a server that never moves the position is not polled.
        retries.current += 1;
        if (retries.current > MAX_READ_RETRIES) return;
        clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(
          () => setFocusTick((tick) => tick + 1),
          DM_READ_BLOCK_AFTER_UNHIDE_MS,
        );
      },
      onError: () => {
        readPosted.current = 0;
      },
    });
  }, [socket, partnerId, lastIncomingSeq, lastReadSeq, mutate, focusTick]);
}
