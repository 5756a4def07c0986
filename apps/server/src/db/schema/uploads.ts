import { index, integer, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * What an upload is for. A plain text column (no database check), so a later feature (chat images)
 * adds a kind here without a migration.
 */
export const UPLOAD_KINDS = ["profile", "banner", "group", "dm"] as const;
/** The kinds a chat message shows (group room, direct messages): claimed by one message, swept unclaimed. */
export const CHAT_UPLOAD_KINDS = ["group", "dm"] as const;
export type ChatUploadKind = (typeof CHAT_UPLOAD_KINDS)[number];
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/**
 * AutoMod's verdict on an image (issue #15): `allowed` (under the threshold, or an admin allowed it),
 * `blurred` (a direct message shown blurred), `unchecked` (the classifier failed or ran out of time;
 * the image went through). Refused images are never stored, so they have no row.
 */
export const IMAGE_DECISIONS = ["allowed", "blurred", "unchecked"] as const;
export type ImageDecision = (typeof IMAGE_DECISIONS)[number];

/** One stored file (spec §5 Image upload; ARCHITECTURE §4). The file lives at `storage_path` in the store. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    storagePath: text("storage_path").notNull().unique(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /**
     * The chat message showing this file (kind `group` or `dm`): null until a message uses it. An upload no
     * message took within the grace period is swept; a deleted message takes its file with it.
     */
    messageId: uuid("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** AutoMod's verdict, its explicit score (0..1) and the model that gave it; null before issue #15. */
    moderationDecision: text("moderation_decision", { enum: IMAGE_DECISIONS }),
    moderationScore: real("moderation_score"),
    moderationModel: text("moderation_model"),
  },
  (table) => [
    index("uploads_user_idx").on(table.userId),
    index("uploads_message_idx").on(table.messageId),
    index("uploads_kind_created_at_idx").on(table.kind, table.createdAt),
  ],
);
