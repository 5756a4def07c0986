CREATE TABLE "streaks" (
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_streak_day" text,
	"active" boolean DEFAULT false NOT NULL,
	"highest_count" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "streaks_user_a_user_b_pk" PRIMARY KEY("user_a","user_b"),
	CONSTRAINT "streaks_pair_order" CHECK ("streaks"."user_a" < "streaks"."user_b")
);
--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_a_user_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_b_user_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "streaks_user_b_idx" ON "streaks" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "streaks_leaderboard_idx" ON "streaks" USING btree ("active","count" DESC NULLS LAST,"reached_at");