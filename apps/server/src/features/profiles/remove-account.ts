import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { uploads } from "../../db/schema";
import type { FileStore } from "../../lib/file-store";
import type { AccountRemovalStep } from "../feature";

/**
 * The account's upload rows go in the deletion's transaction, its folder `users/{id}/` from the store
 * once it has committed.
 */
export function removeFilesOf({
  storage,
  log,
}: {
  storage: FileStore;
  log: FastifyBaseLogger;
}): AccountRemovalStep {
  return async (tx, userId) => {
    await tx.delete(uploads).where(eq(uploads.userId, userId));
    return {
      afterCommit: async () => {
        try {
          await storage.deletePrefix(`users/${userId}/`);
        } catch (error) {
          // The rows are gone; a leftover folder is unreachable by id and logged for the operator.
          log.error({ err: error, userId }, "could not remove a deleted user's files");
        }
      },
    };
  };
}
