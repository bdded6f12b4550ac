CREATE TABLE "account_merge_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"other_user_id" integer NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"merged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_media_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"trace_id" varchar(128) NOT NULL,
	"user_id" integer NOT NULL,
	"url" varchar(512) NOT NULL,
	"target" varchar(16) NOT NULL,
	"target_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"notice" varchar(128) DEFAULT '' NOT NULL,
	"notice_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_merge_requests" ADD CONSTRAINT "account_merge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_merge_requests" ADD CONSTRAINT "account_merge_requests_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_media_checks" ADD CONSTRAINT "content_media_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_merge_requests_token_uq" ON "account_merge_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_merge_requests_user_idx" ON "account_merge_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_media_checks_trace_uq" ON "content_media_checks" USING btree ("trace_id");--> statement-breakpoint
CREATE INDEX "content_media_checks_user_idx" ON "content_media_checks" USING btree ("user_id","status");