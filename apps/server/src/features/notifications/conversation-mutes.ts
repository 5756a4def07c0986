import type { ConversationMuteState } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { notificationMutes, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { userRoom } from "../../realtime/rooms";
import type { NotificationsDeps } from "./notifications-deps";

export interface ConversationMuteOptions {
  deps: Pick<NotificationsDeps, "db" | "io">;
  userId: string;
  partnerId: string;
}

const muteOf = (userId: string, partnerId: string) =>
  and(eq(notificationMutes.userId, userId), eq(notificationMutes.partnerId, partnerId));

/** Whether the user muted their conversation with `partnerId` (nothing is pushed nor kept for it). */
export async function isConversationMuted({ deps, userId, partnerId }: ConversationMuteOptions) {
  const [row] = await deps.db
    .select({ userId: notificationMutes.userId })
    .from(notificationMutes)
    .where(muteOf(userId, partnerId));
  return row !== undefined;
}

/**
 * `PUT|DELETE /api/notifications/mutes/:userId`: mutes or unmutes the conversation (by the other
 * person), answers the new state, and every tab and device of the user hears it (`notification_mute`),
 * so a thread open elsewhere shows it at once. Muting someone who does not exist is a 404.
 */
export async function setConversationMuted(
  options: ConversationMuteOptions & { muted: boolean },
): Promise<ConversationMuteState> {
  const { deps, userId, partnerId, muted } = options;
  if (muted) {
    const [partner] = await deps.db.select({ id: user.id }).from(user).where(eq(user.id, partnerId));
    if (!partner) throw new AppError("not_found");
    await deps.db.insert(notificationMutes).values({ userId, partnerId }).onConflictDoNothing();
  } else {
    await deps.db.delete(notificationMutes).where(muteOf(userId, partnerId));
  }
  const state = { partnerId, muted };
  deps.io.to(userRoom(userId)).emit("notification_mute", state);
  return state;
}
