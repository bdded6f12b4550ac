CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question_ids" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'ongoing' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"used_sec" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"topic" varchar(16),
	"question_count" integer NOT NULL,
	"duration_sec" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_papers_pass_ok" CHECK ("exam_papers"."pass_score" BETWEEN 0 AND 100),
	CONSTRAINT "exam_papers_count_ok" CHECK ("exam_papers"."question_count" > 0 AND "exam_papers"."duration_sec" > 0)
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"bank" varchar(16) NOT NULL,
	"topic" varchar(16) NOT NULL,
	"type" varchar(16) NOT NULL,
	"stem" varchar(256) NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"explanation" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_paper_id_exam_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exam_papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_ongoing_uq" ON "exam_attempts" USING btree ("user_id","paper_id") WHERE status = 'ongoing';--> statement-breakpoint
CREATE INDEX "exam_attempts_rank_idx" ON "exam_attempts" USING btree ("paper_id","status","score");--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_papers_slug_uq" ON "exam_papers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_questions_slug_uq" ON "exam_questions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "exam_questions_bank_idx" ON "exam_questions" USING btree ("bank","topic");