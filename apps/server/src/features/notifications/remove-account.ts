import { eq, or } from "drizzle-orm";
import {
  notificationMutes,
  notificationSettings,
  notifications,
  pushSubscriptions,
  streakReminders,
} from "../../db/schema";
import type { AccountRemovalStep } from "../feature";

/**
 * The account's part of notifications: its devices' subscriptions (nothing is pushed to it any more),
 * its inbox and settings, the items that name it, its mutes either way and its reminder rows.
 */
export const removeNotificationsOf: AccountRemovalStep = async (tx, userId) => {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx
    .delete(notifications)
    .where(or(eq(notifications.userId, userId), eq(notifications.actorId, userId)));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx
    .delete(notificationMutes)
    .where(or(eq(notificationMutes.userId, userId), eq(notificationMutes.partnerId, userId)));
  await tx
    .delete(streakReminders)
    .where(or(eq(streakReminders.userA, userId), eq(streakReminders.userB, userId)));
  return undefined;
};
