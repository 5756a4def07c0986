/** Messages further apart than this start a new group (the reader sees a fresh name and time). */
export const GROUP_GAP_MS = 5 * 60_000;

export interface GroupableMessage {
  senderId: string;
  timestamp: number;
  replyTo?: unknown;
}

/**
 * issue #14: consecutive messages from one sender show the name and avatar once. A reply starts a new
 * group (its quote needs the name above it), and so does a pause of more than five minutes.
 */
export function isGroupedWithPrevious(
  previous: GroupableMessage | undefined,
  message: GroupableMessage,
): boolean {
  if (!previous || previous.senderId !== message.senderId) return false;
  if (message.replyTo) return false;
  return message.timestamp - previous.timestamp <= GROUP_GAP_MS;
}

/** Where a bubble sits in its sender's run: joined to the one above, to the one below, both or neither. */
export interface RunPosition {
  joinsPrevious: boolean;
  joinsNext: boolean;
}

/**
 * The run position of every row of a one-to-one thread (direct messages, random chat). A row that is not
 * a message (`undefined`: a day separator, a system line) ends the run on both sides.
 */
export function runPositions(rows: readonly (GroupableMessage | undefined)[]): RunPosition[] {
  return rows.map((row, index) => {
    const previous = rows[index - 1];
    const next = rows[index + 1];
    return {
      joinsPrevious: row !== undefined && isGroupedWithPrevious(previous, row),
      joinsNext: row !== undefined && next !== undefined && isGroupedWithPrevious(row, next),
    };
  });
}

/**
 * A bubble's classes for its place in a run (Telegram/iMessage): tighter spacing inside the run, and the
 * corner on the sender's side flattened where two bubbles meet. The list's own `space-y-*` is overridden
 * by `mb-0.5` (it is applied through `:where`, so any class wins).
 */
export function runClasses(
  { joinsPrevious, joinsNext }: RunPosition,
  isOwn: boolean,
): {
  row: string;
  bubble: string;
} {
  return {
    row: joinsNext ? "mb-0.5" : "",
    bubble: joinsPrevious ? (isOwn ? "rounded-se-md" : "rounded-ss-md") : "",
  };
}
