import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, DatabaseHandle } from "../../db/create-database";
import { user } from "../../db/schema";
import { ADMINS_ROOM, userRoom } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { IdentityCache } from "./identity-cache";
import { ROLE_CHANGED_CHANNEL } from "./set-admin-role";

export interface RoleChangeDeps {
  db: Database;
  io: HeartlineServer;
  identities: Pick<IdentityCache<unknown>, "forget" | "forgetHere">;
}

/**
 * A user's role changed (after the commit): the remembered handshakes are dropped, a revoked admin's
 * open sockets leave `admins` at once (the banned list is for admins only, §9.4) and every socket of
 * theirs hears `adminStatusChanged`. `everywhere` reaches every node through the adapter (a change
 * made on this node); `here` only this node's sockets (each node hears the change for itself).
 */
export async function announceRoleChange(
  deps: RoleChangeDeps,
  userId: string,
  scope: "everywhere" | "here",
): Promise<void> {
  const [row] = await deps.db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  if (!row) return;
  const isAdmin = row.role === "admin";
  if (scope === "everywhere") await deps.identities.forget(userId);
  else deps.identities.forgetHere(userId);
  const sockets = scope === "everywhere" ? deps.io : deps.io.local;
  if (!isAdmin) sockets.in(userRoom(userId)).socketsLeave(ADMINS_ROOM);
  sockets.to(userRoom(userId)).emit("adminStatusChanged", { isAdmin });
}

export interface RoleChangeListenerDeps extends RoleChangeDeps {
  listen: DatabaseHandle["listen"];
  identities: RoleChangeDeps["identities"] & Pick<IdentityCache<unknown>, "clear">;
  log: FastifyBaseLogger;
}

/**
 * `npm run admin` changes a role from another process: its `pg_notify` reaches every node, and each
 * tells its own sockets. While the subscription was down a change may have been missed, so this
 * node's remembered handshakes are dropped when it is back (open sockets keep their room until the
 * next change or reconnection; moderation always reads the role from the database).
 */
export function listenForRoleChanges(deps: RoleChangeListenerDeps): Promise<() => Promise<void>> {
  const { listen, identities, log } = deps;
  return listen(ROLE_CHANGED_CHANNEL, {
    onMessage: (userId) => {
      if (userId.length === 0 || userId.length > 64) return;
      announceRoleChange(deps, userId, "here").catch((error: unknown) =>
        log.warn({ err: error, userId }, "could not announce a role change"),
      );
    },
    onResubscribed: () => identities.clear(),
    onError: (error) => log.warn({ err: error }, "the role-change subscription dropped; retrying"),
  });
}
