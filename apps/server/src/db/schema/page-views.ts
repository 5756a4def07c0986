import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Page views as one counter per path and UTC day. Nothing here identifies a person: no user id,
 * address or session is stored (an anonymous product keeps no browsing trail).
 */
export const pageViewDaily = pgTable(
  "page_view_daily",
  {
    path: text("path").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.path, table.day] })],
);
