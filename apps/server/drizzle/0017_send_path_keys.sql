ALTER TABLE "direct_messages" DROP CONSTRAINT "direct_messages_conversation_id_conversations_id_fk";
--> statement-breakpoint
DROP INDEX "conversation_state_conversation_idx";--> statement-breakpoint
ALTER TABLE "conversation_state" DROP CONSTRAINT "conversation_state_user_id_conversation_id_pk";--> statement-breakpoint
ALTER TABLE "conversation_state" ADD CONSTRAINT "conversation_state_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id");--> statement-breakpoint
-- Deleting conversations deletes their messages, as the dropped key's cascade did (ADR 0012): once per
-- statement, by the conversation index of direct_messages.
CREATE FUNCTION "delete_conversation_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "direct_messages" WHERE "conversation_id" IN (SELECT "id" FROM "gone_conversations");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_delete_messages" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS "gone_conversations" FOR EACH STATEMENT EXECUTE FUNCTION "delete_conversation_messages"();
