CREATE TABLE "held_usernames" (
	"username_lower" text PRIMARY KEY NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "held_usernames_held_until_idx" ON "held_usernames" USING btree ("held_until");