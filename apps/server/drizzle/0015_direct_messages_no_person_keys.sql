ALTER TABLE "direct_messages" DROP CONSTRAINT "direct_messages_sender_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "direct_messages" DROP CONSTRAINT "direct_messages_receiver_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "direct_messages_sender_idx";--> statement-breakpoint
DROP INDEX "direct_messages_receiver_idx";