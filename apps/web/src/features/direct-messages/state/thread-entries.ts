import type { DirectMessage } from "@heartline/shared";
import type { LocalSystemLine } from "./dm-client-store";
import type { OutboxEntry } from "./outbox";

/** One row of a thread: a stored message, one of mine waiting for its ack, or a local system line. */
export type ThreadEntry =
  | { kind: "message"; key: string; timestamp: number; message: DirectMessage }
  | { kind: "pending"; key: string; timestamp: number; entry: OutboxEntry }
  | { kind: "system"; key: string; timestamp: number; line: LocalSystemLine };

/**
 * Stored messages in seq order with the local system lines placed by time, then my unconfirmed sends
 * (those whose stored copy is not in yet: the ack or the push may come first, the id decides).
 */
export function buildThreadEntries(
  stored: readonly DirectMessage[],
  outbox: readonly OutboxEntry[],
  systemLines: readonly LocalSystemLine[],
): ThreadEntry[] {
  const storedIds = new Set(stored.map((message) => message.id));
  const entries: ThreadEntry[] = [];
  const lines = [...systemLines].sort((a, b) => a.timestamp - b.timestamp);
  let lineIndex = 0;
  for (const message of stored) {
    while (lineIndex < lines.length && (lines[lineIndex]?.timestamp ?? 0) < message.timestamp) {
      const line = lines[lineIndex++] as LocalSystemLine;
      entries.push({ kind: "system", key: line.id, timestamp: line.timestamp, line });
    }
    entries.push({ kind: "message", key: message.id, timestamp: message.timestamp, message });
  }
  for (const line of lines.slice(lineIndex)) {
    entries.push({ kind: "system", key: line.id, timestamp: line.timestamp, line });
  }
  for (const entry of outbox) {
    if (!storedIds.has(entry.id))
      entries.push({ kind: "pending", key: entry.id, timestamp: entry.createdAt, entry });
  }
  return entries;
}
