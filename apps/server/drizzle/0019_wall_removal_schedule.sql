CREATE TABLE "confession_departing_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"confession_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"removal_due_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" DROP CONSTRAINT "confession_pseudonyms_number_unique";--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" DROP CONSTRAINT "confession_pseudonyms_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" DROP CONSTRAINT "confession_pseudonyms_confession_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "confession_comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "confessions" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" ADD CONSTRAINT "confession_pseudonyms_confession_id_number_pk" PRIMARY KEY("confession_id","number");--> statement-breakpoint
ALTER TABLE "confession_comments" ADD COLUMN "pseudonym_number" integer;--> statement-breakpoint
ALTER TABLE "confession_comments" ADD COLUMN "removal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "confessions" ADD COLUMN "removal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "confession_departing_reactions" ADD CONSTRAINT "confession_departing_reactions_confession_id_confessions_id_fk" FOREIGN KEY ("confession_id") REFERENCES "public"."confessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confession_departing_reactions_confession_idx" ON "confession_departing_reactions" USING btree ("confession_id");--> statement-breakpoint
CREATE INDEX "confession_departing_reactions_removal_due_idx" ON "confession_departing_reactions" USING btree ("removal_due_at") WHERE "confession_departing_reactions"."removal_due_at" is not null;--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" ADD CONSTRAINT "confession_pseudonyms_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confession_comments_removal_due_idx" ON "confession_comments" USING btree ("removal_due_at") WHERE "confession_comments"."removal_due_at" is not null;--> statement-breakpoint
CREATE INDEX "confessions_removal_due_idx" ON "confessions" USING btree ("removal_due_at") WHERE "confessions"."removal_due_at" is not null;--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" ADD CONSTRAINT "confession_pseudonyms_user_unique" UNIQUE("confession_id","user_id");