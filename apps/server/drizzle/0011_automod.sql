CREATE TABLE "automod_blocks" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"surface" text NOT NULL,
	"rule_name" text NOT NULL,
	"matched" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automod_blocks_message_user_unique" UNIQUE("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "automod_reviews" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"report_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automod_reviews_message_user_unique" UNIQUE("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "automod_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phrase" text NOT NULL,
	"surfaces" text[] NOT NULL,
	"action" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "automod_reviews_user_idx" ON "automod_reviews" USING btree ("user_id");