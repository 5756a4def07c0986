DROP INDEX "banned_users_user_id_idx";--> statement-breakpoint
-- Bans act on user ids: one row per user (the newest of any earlier duplicates by name).
DELETE FROM "banned_users" AS "older" USING "banned_users" AS "newer"
  WHERE "older"."user_id" = "newer"."user_id"
    AND ("older"."banned_at", "older"."username_lower") < ("newer"."banned_at", "newer"."username_lower");--> statement-breakpoint
ALTER TABLE "banned_users" DROP CONSTRAINT "banned_users_pkey";--> statement-breakpoint
ALTER TABLE "banned_users" ADD PRIMARY KEY ("user_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "message_id" uuid;--> statement-breakpoint
CREATE INDEX "banned_users_username_lower_idx" ON "banned_users" USING btree ("username_lower");--> statement-breakpoint
CREATE INDEX "uploads_message_idx" ON "uploads" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "uploads_kind_created_at_idx" ON "uploads" USING btree ("kind","created_at");--> statement-breakpoint
-- A display name that is not the user's own username (impersonation, oversized) falls back to it.
UPDATE "user" SET "display_username" = "username"
  WHERE "display_username" IS NOT NULL AND NOT coalesce("display_username" ~ '^[A-Za-z0-9_-]{3,20}$' AND lower("display_username") = "username", false);--> statement-breakpoint
UPDATE "user" SET "display_username" = NULL
  WHERE "display_username" IS NOT NULL AND NOT coalesce("display_username" ~ '^[A-Za-z0-9_-]{3,20}$' AND lower("display_username") = "username", false);--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_display_username_check" CHECK ("user"."display_username" is null or ("user"."username" is not null and "user"."display_username" ~ '^[A-Za-z0-9_-]{3,20}$' and lower("user"."display_username") = "user"."username"));
