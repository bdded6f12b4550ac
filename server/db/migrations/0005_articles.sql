CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(32) NOT NULL,
	"name" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_likes" (
	"article_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "status" varchar(16) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reject_reason" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "article_categories_slug_uq" ON "article_categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "article_likes_uq" ON "article_likes" USING btree ("article_id","user_id");--> statement-breakpoint
CREATE INDEX "articles_list_idx" ON "articles" USING btree ("status","category_id","created_at");--> statement-breakpoint
CREATE INDEX "articles_user_idx" ON "articles" USING btree ("user_id","created_at");