import { type ConversationStatePayload, DM_READ_BLOCK_AFTER_UNHIDE_MS } from "@heartline/shared";
import { and, eq, gt, lte, ne, sql } from "drizzle-orm";
import { conversationIdOf, conversationState, conversations, directMessages } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import { findPersonById } from "../../social/index";
import type { DirectMessagesDeps } from "./direct-messages-deps";

export interface ConversationActionOptions {
  deps: DirectMessagesDeps;
  userId: string;
  partnerId: string;
}

type StateRow = typeof conversationState.$inferSelect;

function toPayload(
  partnerId: string,
  conversationId: string,
  row: StateRow | undefined,
): ConversationStatePayload {
  return {
    partnerId,
    conversationId,
    hidden: row?.hidden ?? false,
    unreadCount: row?.unreadCount ?? 0,
    lastReadSeq: row?.lastReadSeq ?? 0,
  };
}

async function stateOf({ deps, userId, partnerId }: ConversationActionOptions) {
  const conversationId = conversationIdOf(userId, partnerId);
  const [row] = await deps.db
    .select()
    .from(conversationState)
    .where(and(eq(conversationState.userId, userId), eq(conversationState.conversationId, conversationId)));
  // No conversation yet: the partner must still be someone (spec §5 texts otherwise).
  if (!row) await findPersonById(deps.db, partnerId);
  return { conversationId, row };
}

/** Every tab of the user hears what changed (read, hidden, unhidden), on every node. */
function pushState(deps: DirectMessagesDeps, userId: string, payload: ConversationStatePayload): void {
  deps.io.to(userRoom(userId)).emit("conversation_state", payload);
}

/**
 * `POST /api/conversations/:partnerId/read`: everything up to the newest message is read; the partner's
 * ticks turn to read. spec §4: ignored (the current state is answered) within 3 s of an unhide.
 */
export async function markConversationRead(
  options: ConversationActionOptions,
): Promise<ConversationStatePayload> {
  const { deps, userId, partnerId } = options;
  const { conversationId, row } = await stateOf(options);
  if (!row) return toPayload(partnerId, conversationId, row);
  const now = deps.clock();
  if (row.unhiddenAt && now - row.unhiddenAt.getTime() < DM_READ_BLOCK_AFTER_UNHIDE_MS) {
    return toPayload(partnerId, conversationId, row);
  }
  const result = await deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ lastSeq: conversations.lastSeq })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const lastSeq = conversation?.lastSeq ?? 0;
    const [state] = await tx
      .update(conversationState)
      .set({ unreadCount: 0, lastReadSeq: lastSeq })
      .where(and(eq(conversationState.userId, userId), eq(conversationState.conversationId, conversationId)))
      .returning();
    const read = await tx
      .update(directMessages)
      .set({ status: "read" })
      .where(
        and(
          eq(directMessages.conversationId, conversationId),
          eq(directMessages.receiverId, userId),
          ne(directMessages.status, "read"),
          // Everything up to the last read seq was read then (in that transaction): only newer rows.
          gt(directMessages.seq, row.lastReadSeq),
          lte(directMessages.seq, lastSeq),
        ),
      )
      .returning({ seq: directMessages.seq });
    return { state, upToSeq: read.reduce((max, { seq }) => Math.max(max, seq), 0) };
  });
  const payload = toPayload(partnerId, conversationId, result.state);
  pushState(deps, userId, payload);
  // Issue #40: the thread's inbox item is read with it (every tab's bell follows). The read itself is
  // committed: a failure here is logged, never the mark-read's answer.
  await deps.markThreadRead?.({ userId, conversationId }).catch((error: unknown) => {
    deps.log.warn({ err: error, conversationId }, "marking the thread's inbox item read failed");
  });
  if (result.upToSeq > 0) {
    deps.io
      .to(userRoom(partnerId))
      .emit("direct_message_status", { conversationId, upToSeq: result.upToSeq, status: "read" });
  }
  return payload;
}

/** `POST /api/conversations/:partnerId/hide|unhide` (spec §4). An unhide starts the 3 s read block. */
export async function setConversationHidden(
  options: ConversationActionOptions & { hidden: boolean },
): Promise<ConversationStatePayload> {
  const { deps, userId, partnerId, hidden } = options;
  const { conversationId, row } = await stateOf(options);
  if (!row) return toPayload(partnerId, conversationId, row);
  const [state] = await deps.db
    .update(conversationState)
    .set(hidden ? { hidden: true } : { hidden: false, unhiddenAt: new Date(deps.clock()) })
    .where(and(eq(conversationState.userId, userId), eq(conversationState.conversationId, conversationId)))
    .returning();
  const payload = toPayload(partnerId, conversationId, state);
  pushState(deps, userId, payload);
  return payload;
}

/**
 * `direct_message_delivered`: the receiver's client has the partner's messages up to `upToSeq`; those
 * still 'sent' become 'delivered' and the partner's ticks follow. Nothing changed, nothing pushed.
 */
export async function markDelivered(options: ConversationActionOptions & { upToSeq: number }): Promise<void> {
  const { deps, userId, partnerId, upToSeq } = options;
  const conversationId = conversationIdOf(userId, partnerId);
  const delivered = await deps.db
    .update(directMessages)
    .set({ status: "delivered" })
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        eq(directMessages.receiverId, userId),
        eq(directMessages.status, "sent"),
        // Rows up to the receiver's last read seq are read already: the index range starts after it.
        gt(
          directMessages.seq,
          sql`coalesce((select ${conversationState.lastReadSeq} from ${conversationState}
            where ${conversationState.userId} = ${userId} and ${conversationState.conversationId} = ${conversationId}), 0)`,
        ),
        lte(directMessages.seq, upToSeq),
      ),
    )
    .returning({ seq: directMessages.seq });
  if (delivered.length === 0) return;
  const highest = delivered.reduce((max, { seq }) => Math.max(max, seq), 0);
  deps.io
    .to(userRoom(partnerId))
    .emit("direct_message_status", { conversationId, upToSeq: highest, status: "delivered" });
}
