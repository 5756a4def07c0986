import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";

export interface LastActiveDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/**
 * spec §3 `lastActive`: when a signed-in user was last seen. Written when one of their sockets
 * disconnects (while any socket is open they show as online, so that moment is the one a friends list
 * needs: "last active 5 min ago"). Best effort: a failed write is logged and changes nothing else.
 */
export function recordLastActive(deps: LastActiveDeps, userId: string, at = new Date()): void {
  deps.db
    .update(user)
    .set({ lastActive: at })
    .where(eq(user.id, userId))
    .then(
      () => undefined,
      (error: unknown) => deps.log.warn({ err: error }, "could not record last active"),
    );
}
