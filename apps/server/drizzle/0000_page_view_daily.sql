CREATE TABLE "page_view_daily" (
	"path" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_daily_path_day_pk" PRIMARY KEY("path","day")
);
