/**
 * Group typing (spec §6): the composer reports every keystroke, but a room should hear only a change,
 * or, while typing goes on, a refresh now and then (receivers drop an indicator not refreshed within
 * 6 s). The client announces with `GROUP_TYPING_REFRESH_MS`; the server, which also answers for a
 * client that does not, forwards with `GROUP_TYPING_FORWARD_MIN_MS`.
 */
export const GROUP_TYPING_REFRESH_MS = 2_000;
export const GROUP_TYPING_FORWARD_MIN_MS = 1_000;

export interface TypingAnnouncement {
  isTyping: boolean;
  /** When it was announced (ms). */
  at: number;
}

/** Whether `isTyping` at `now` is worth announcing after `last` (a change, or a due refresh of "typing"). */
export function isTypingWorthAnnouncing(
  last: TypingAnnouncement,
  isTyping: boolean,
  now: number,
  refreshMs: number,
): boolean {
  if (isTyping !== last.isTyping) return true;
  return isTyping && now - last.at >= refreshMs;
}
