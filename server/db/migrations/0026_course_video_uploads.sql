CREATE TABLE "course_video_uploads" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"media_key" varchar(128) NOT NULL,
	"s3_upload_id" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"part_bytes" integer NOT NULL,
	"completing_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_video_uploads" ADD CONSTRAINT "course_video_uploads_operator_id_admin_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admin_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_video_uploads_created_idx" ON "course_video_uploads" USING btree ("created_at");
