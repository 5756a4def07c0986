import { eq, or } from "drizzle-orm";
import { userBlocks } from "../../db/schema";
import type { AccountRemovalStep } from "../feature";

/** Blocks either way go with the account. */
export const removeBlocksOf: AccountRemovalStep = async (tx, userId) => {
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  return undefined;
};
