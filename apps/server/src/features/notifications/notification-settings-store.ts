import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_CATEGORIES,
  type NotificationSettings,
  type NotificationSettingsInput,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { notificationSettings } from "../../db/schema";

export type StoredSettings = Omit<NotificationSettings, "thisDeviceSubscribed">;

type SettingsRow = typeof notificationSettings.$inferSelect;

const toSettings = (row: SettingsRow | undefined): StoredSettings => {
  if (!row) return structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  const categories = { ...DEFAULT_NOTIFICATION_SETTINGS.categories };
  for (const category of NOTIFICATION_CATEGORIES) {
    if (typeof row.categories[category] === "boolean") categories[category] = row.categories[category];
  }
  return {
    categories,
    previews: row.previews,
    quietHours:
      row.quietStart !== null && row.quietEnd !== null ? { start: row.quietStart, end: row.quietEnd } : null,
    timeZone: row.timeZone,
  };
};

export async function readSettings(db: Database, userId: string): Promise<StoredSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return toSettings(row);
}

/** Applies a partial update (`notificationSettingsSchema`) and returns the result. */
export async function writeSettings(
  db: Database,
  userId: string,
  input: NotificationSettingsInput,
): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for("update");
    const current = toSettings(row);
    const next: StoredSettings = {
      categories: { ...current.categories, ...input.categories },
      previews: input.previews ?? current.previews,
      quietHours: input.quietHours === undefined ? current.quietHours : input.quietHours,
      timeZone: input.timeZone ?? current.timeZone,
    };
    const values = {
      categories: next.categories,
      previews: next.previews,
      quietStart: next.quietHours?.start ?? null,
      quietEnd: next.quietHours?.end ?? null,
      timeZone: next.timeZone,
      updatedAt: new Date(),
    };
    await tx
      .insert(notificationSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    return next;
  });
}
