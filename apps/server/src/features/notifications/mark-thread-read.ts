import { userRoom } from "../../realtime/rooms";
import { dmThreadTag } from "./compose-item";
import { markTagRead, unreadCount } from "./inbox-store";
import type { NotificationsDeps } from "./notifications-deps";

/** Told by the direct messages after a reader's mark-read committed (their thread is read). */
export type MarkThreadRead = (options: { userId: string; conversationId: string }) => Promise<void>;

/**
 * Reading a DM thread reads its inbox item: the conversation's item turns read and every tab and
 * device of the reader hears the new unread count (`notifications_read`, as the inbox's own read).
 * Nothing is pushed when the item was read already (or there is none).
 */
export function createMarkThreadRead(deps: Pick<NotificationsDeps, "db" | "io">): MarkThreadRead {
  return async ({ userId, conversationId }) => {
    const ids = await markTagRead(deps.db, userId, dmThreadTag(conversationId));
    if (ids.length === 0) return;
    const unread = await unreadCount(deps.db, userId);
    deps.io.to(userRoom(userId)).emit("notifications_read", { ids, all: false, unreadCount: unread });
  };
}
