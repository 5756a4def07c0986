import {
  DEMO_CHAT_SCRIPT,
  DEMO_PROGRESS_INTERVAL_MS,
  DEMO_PROGRESS_MAX,
  type DemoChatLine,
  nextDemoDelayMs,
  nextDemoIndex,
  nextProgress,
  type RandomSource,
} from "@heartline/shared";
import { useEffect, useState } from "react";

export interface DemoConversation {
  /** The lines visible so far, oldest first. */
  shown: readonly DemoChatLine[];
  /** The line whose author is "typing" right now, or null after the last line. */
  typing: DemoChatLine | null;
}

/**
 * Drives the landing page's demo conversation (spec §9 Demo chat: advances every 1–2 s): one state
 * change per message. The progress counter is `useDemoProgress`, a state of its own, so that its
 * ticks re-render the counter alone (issue #36). Every pending timer is cleared on unmount.
 */
export function useDemoConversation(
  script: readonly DemoChatLine[] = DEMO_CHAT_SCRIPT,
  random: RandomSource = Math.random,
): DemoConversation {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    // A chain of single timeouts: each delay is drawn afresh (1–2 s), and only one timer is ever pending.
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      setIndex((i) => nextDemoIndex(i, script.length));
      timer = setTimeout(step, nextDemoDelayMs(random));
    };
    timer = setTimeout(step, nextDemoDelayMs(random));
    return () => clearTimeout(timer);
  }, [script.length, random]);

  return {
    shown: script.slice(0, index + 1),
    // After the last line the conversation starts over, so nobody is typing in that pause.
    typing: script[index + 1] ?? null,
  };
}

/** The demo's "Match" counter: 0…100, stepping by 10 each second, then it stops (spec §9 Demo chat). */
export function useDemoProgress(): number {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    let current = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      current = nextProgress(current);
      setProgress(current);
      // spec §9: up to 100, then the counter stops for good.
      if (current < DEMO_PROGRESS_MAX) timer = setTimeout(tick, DEMO_PROGRESS_INTERVAL_MS);
    };
    timer = setTimeout(tick, DEMO_PROGRESS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, []);

  return progress;
}
