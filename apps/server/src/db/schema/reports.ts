import type { ReportSnapshotMessage } from "@heartline/shared";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const REPORT_CONTEXTS = ["random-chat", "group", "dm", "confession"] as const;
export type ReportContext = (typeof REPORT_CONTEXTS)[number];
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A user's report of another user for the moderators (ARCHITECTURE §4). Reporter and target are
 * plain ids, not foreign keys: visitors of the random chat have no user row. `snapshot` holds the
 * reported messages as the server saw them (random chats are not stored otherwise).
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id").notNull(),
    targetId: text("target_id").notNull(),
    context: text("context", { enum: REPORT_CONTEXTS }).notNull(),
    reason: text("reason").notNull(),
    details: text("details"),
    /** The reported message, when the report was made from one (group chat). */
    messageId: text("message_id"),
    snapshot: jsonb("snapshot").$type<ReportSnapshotMessage[]>().notNull().default([]),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reports_status_created_at_idx").on(table.status, table.createdAt),
    index("reports_target_id_idx").on(table.targetId),
  ],
);
