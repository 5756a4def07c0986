CREATE TABLE "confession_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"confession_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"parent_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confession_pseudonyms" (
	"confession_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "confession_pseudonyms_confession_id_user_id_pk" PRIMARY KEY("confession_id","user_id"),
	CONSTRAINT "confession_pseudonyms_number_unique" UNIQUE("confession_id","number")
);
--> statement-breakpoint
CREATE TABLE "confession_reactions" (
	"confession_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "confession_reactions_confession_id_user_id_pk" PRIMARY KEY("confession_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "confessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"content" text NOT NULL,
	"content_warning" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confession_comments" ADD CONSTRAINT "confession_comments_confession_id_confessions_id_fk" FOREIGN KEY ("confession_id") REFERENCES "public"."confessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confession_comments" ADD CONSTRAINT "confession_comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confession_comments" ADD CONSTRAINT "confession_comments_parent_id_confession_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."confession_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" ADD CONSTRAINT "confession_pseudonyms_confession_id_confessions_id_fk" FOREIGN KEY ("confession_id") REFERENCES "public"."confessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confession_pseudonyms" ADD CONSTRAINT "confession_pseudonyms_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confession_reactions" ADD CONSTRAINT "confession_reactions_confession_id_confessions_id_fk" FOREIGN KEY ("confession_id") REFERENCES "public"."confessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confession_reactions" ADD CONSTRAINT "confession_reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confessions" ADD CONSTRAINT "confessions_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confession_comments_confession_created_at_idx" ON "confession_comments" USING btree ("confession_id","created_at");--> statement-breakpoint
CREATE INDEX "confession_comments_author_idx" ON "confession_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "confession_pseudonyms_user_idx" ON "confession_pseudonyms" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "confession_reactions_user_idx" ON "confession_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "confessions_created_at_id_idx" ON "confessions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "confessions_author_created_at_idx" ON "confessions" USING btree ("author_id","created_at");