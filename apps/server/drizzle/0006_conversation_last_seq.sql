ALTER TABLE "conversations" ADD COLUMN "last_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Conversations stored before this column continue after their newest message.
UPDATE "conversations" SET "last_seq" = coalesce((SELECT max("seq") FROM "direct_messages" WHERE "direct_messages"."conversation_id" = "conversations"."id"), 0);--> statement-breakpoint
-- The last message is the one at (id, last_seq): a send no longer writes the conversation row twice.
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_last_message_id_direct_messages_id_fk";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "last_message_id";
