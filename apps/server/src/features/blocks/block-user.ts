import { BLOCK_ERROR_MESSAGES } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { userBlocks } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { userRoom } from "../../realtime/rooms";
import { findPersonById } from "../../social/index";
import type { BlocksDeps } from "./blocks-deps";

export interface BlockUserOptions {
  deps: BlocksDeps;
  blockerId: string;
  blockedId: string;
}

/**
 * spec §4 Blocking. Idempotent. A block also ends any pending request and the friendship between the
 * two (as Instagram and Discord do), so nothing social is left to the person who was blocked; they are
 * told only what a cancel or a removal would tell them, never that they were blocked.
 */
export async function blockUser({
  deps,
  blockerId,
  blockedId,
}: BlockUserOptions): Promise<{ blocked: true }> {
  if (blockerId === blockedId) throw new AppError("bad_request", BLOCK_ERROR_MESSAGES.cannotBlockSelf);
  await findPersonById(deps.db, blockedId);
  const [inserted] = await deps.db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockedId: userBlocks.blockedId });
  // After the block is stored: a request sent in between is refused by the block check on send/accept.
  await deps.friendships.endBetween(blockerId, blockedId);
  if (inserted) deps.io.to(userRoom(blockerId)).emit("block_state", { userId: blockedId, blocked: true });
  return { blocked: true };
}

/** Idempotent; tells only the blocker's tabs. */
export async function unblockUser({
  deps,
  blockerId,
  blockedId,
}: BlockUserOptions): Promise<{ blocked: false }> {
  const removed = await deps.db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockedId: userBlocks.blockedId });
  if (removed.length > 0) {
    deps.io.to(userRoom(blockerId)).emit("block_state", { userId: blockedId, blocked: false });
  }
  return { blocked: false };
}

/** The ids this user blocked, newest first. */
export async function listBlockedIds(deps: Pick<BlocksDeps, "db">, blockerId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(userBlocks.createdAt);
  return rows.map((row) => row.blockedId).reverse();
}
