CREATE TABLE "exam_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"topic" varchar(16) NOT NULL,
	"intro" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_papers" DROP CONSTRAINT "exam_papers_pass_ok";--> statement-breakpoint
ALTER TABLE "offline_signups" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "full_score" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "bank_id" integer;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "bank_id" integer;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_bank_id_exam_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."exam_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_bank_id_exam_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."exam_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_questions_bank_id_idx" ON "exam_questions" USING btree ("bank_id");--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_pass_ok" CHECK ("exam_papers"."full_score" BETWEEN 1 AND 1000 AND "exam_papers"."pass_score" BETWEEN 0 AND "exam_papers"."full_score");