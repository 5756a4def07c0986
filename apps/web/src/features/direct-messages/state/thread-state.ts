import type { DirectMessage, DirectMessagePage, DirectMessageStatus } from "@heartline/shared";

/** The loaded, contiguous part of one conversation, oldest first (keyset on `seq`). */
export interface ThreadState {
  messages: DirectMessage[];
  /** Older messages exist on the server than the first loaded one. */
  hasOlder: boolean;
}

export const EMPTY_THREAD: ThreadState = { messages: [], hasOlder: false };

const STATUS_RANK: Record<DirectMessageStatus, number> = { sent: 0, delivered: 1, read: 2 };

/**
 * Adds messages by id (an ack and the same message's push arrive both; history may overlap what pushes
 * brought). A known message keeps the furthest status either copy reached. Result is ordered by seq.
 */
export function mergeMessages(
  existing: readonly DirectMessage[],
  incoming: readonly DirectMessage[],
): DirectMessage[] {
  if (incoming.length === 0) return existing as DirectMessage[];
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (!known) {
      byId.set(message.id, message);
      continue;
    }
    if (STATUS_RANK[message.status] > STATUS_RANK[known.status])
      byId.set(message.id, { ...known, status: message.status });
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The newest page replaces nothing it overlaps; an older page goes in front and says if more remain. */
export function applyOlderPage(thread: ThreadState, page: DirectMessagePage): ThreadState {
  return { messages: mergeMessages(thread.messages, page.messages), hasOlder: page.hasMore };
}

/** `direct_message_status`: my messages up to `upToSeq` reached `status` (never moves back). */
export function applyStatus(
  thread: ThreadState,
  senderId: string,
  upToSeq: number,
  status: "delivered" | "read",
): ThreadState {
  let changed = false;
  const messages = thread.messages.map((message) => {
    if (message.senderId !== senderId || message.seq > upToSeq) return message;
    if (STATUS_RANK[message.status] >= STATUS_RANK[status]) return message;
    changed = true;
    return { ...message, status };
  });
  return changed ? { ...thread, messages } : thread;
}

/** The newest seq loaded (the catch-up cursor), 0 when nothing is. */
export function lastSeq(thread: ThreadState): number {
  return thread.messages.at(-1)?.seq ?? 0;
}
