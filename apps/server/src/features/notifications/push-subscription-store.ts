import type { PushSubscriptionInput } from "@heartline/shared";
import { and, eq, or } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { pushSubscriptions } from "../../db/schema";

export type StoredSubscription = typeof pushSubscriptions.$inferSelect;

/**
 * This device's subscription replaces its earlier one (a device is one row per user), and an
 * endpoint moves to whoever subscribed with it last (one browser profile, another account).
 */
export async function saveSubscription(
  db: Database,
  input: { userId: string; deviceId: string; subscription: PushSubscriptionInput },
): Promise<void> {
  const { userId, deviceId, subscription } = input;
  await db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(
        or(
          eq(pushSubscriptions.endpoint, subscription.endpoint),
          and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, deviceId)),
        ),
      );
    await tx.insert(pushSubscriptions).values({
      userId,
      deviceId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
  });
}

export async function deleteDeviceSubscription(
  db: Database,
  userId: string,
  deviceId: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, deviceId)));
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: Database, userId: string): Promise<StoredSubscription[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function hasDeviceSubscription(
  db: Database,
  userId: string,
  deviceId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, deviceId)));
  return row !== undefined;
}
