ALTER TABLE "user" ADD COLUMN "show_sensitive_images" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "moderation_decision" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "moderation_score" real;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "moderation_model" text;