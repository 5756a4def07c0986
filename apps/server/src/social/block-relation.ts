import { and, eq, or } from "drizzle-orm";
import type { Database } from "../db/create-database";
import { userBlocks } from "../db/schema";

/** How two users stand with each other (spec §4 Blocking; ARCHITECTURE §7: checked on every DM and request). */
export interface BlockRelation {
  /** `userId` blocked `otherId`. */
  blockedByMe: boolean;
  /** `otherId` blocked `userId`. */
  blockedMe: boolean;
}

/** One indexed read of both directions (primary key (blocker, blocked)). */
export async function blockRelation(db: Database, userId: string, otherId: string): Promise<BlockRelation> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherId)),
        and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, userId)),
      ),
    );
  return {
    blockedByMe: rows.some((row) => row.blockerId === userId),
    blockedMe: rows.some((row) => row.blockerId === otherId),
  };
}

/** Either of the two blocked the other. */
export async function isBlockedEitherWay(db: Database, userId: string, otherId: string): Promise<boolean> {
  const relation = await blockRelation(db, userId, otherId);
  return relation.blockedByMe || relation.blockedMe;
}
