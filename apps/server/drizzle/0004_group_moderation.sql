CREATE TABLE "group_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "group_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sender_id" text NOT NULL,
	"sender_username" text NOT NULL,
	"sender_profile_image" text,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"reply_to" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "group_messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "banned_users" (
	"username_lower" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"user_id" text NOT NULL,
	"banned_by" text NOT NULL,
	"reason" text,
	"banned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_ids" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "muted_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"muted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"muted_by" text DEFAULT 'system' NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE INDEX "group_messages_sender_seq_idx" ON "group_messages" USING btree ("sender_id","seq");--> statement-breakpoint
CREATE INDEX "banned_users_banned_at_idx" ON "banned_users" USING btree ("banned_at");--> statement-breakpoint
CREATE INDEX "banned_users_user_id_idx" ON "banned_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "banned_users_device_ids_idx" ON "banned_users" USING gin ("device_ids");--> statement-breakpoint
CREATE INDEX "muted_users_muted_at_idx" ON "muted_users" USING btree ("muted_at");