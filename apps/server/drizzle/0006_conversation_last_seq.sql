ALTER TABLE "conversations" ADD COLUMN "last_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Conversations stored before this column continue after their newest message.
UPDATE "conversations" SET "last_seq" = coalesce((SELECT max("seq") FROM "direct_messages" WHERE "direct_messages"."conversation_id" = "conversations"."id"), 0);
