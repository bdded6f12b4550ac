CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"summary" varchar(128) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"organizer" varchar(32) DEFAULT '' NOT NULL,
	"city" varchar(16) NOT NULL,
	"address" varchar(128) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"signup_deadline" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"fee_fen" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_taken_ok" CHECK ("activities"."taken" >= 0 AND "activities"."taken" <= "activities"."capacity"),
	CONSTRAINT "activities_fee_nonneg" CHECK ("activities"."fee_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"education" varchar(16) NOT NULL,
	"work_unit" varchar(64) DEFAULT '' NOT NULL,
	"photo_url" varchar(512) NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"certificate_no" varchar(32) DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"category_id" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"summary" varchar(128) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"issuer" varchar(64) NOT NULL,
	"level" varchar(16) DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"fee_fen" integer NOT NULL,
	"applicants" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "certificates_fee_nonneg" CHECK ("certificates"."fee_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "associations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"logo" varchar(512) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"slogan" varchar(128) DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dues_fen" integer DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"founded_year" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"association_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(32) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"id_number" varchar(18) DEFAULT '' NOT NULL,
	"gender" varchar(4) DEFAULT '' NOT NULL,
	"education" varchar(16) DEFAULT '' NOT NULL,
	"work_unit" varchar(64) DEFAULT '' NOT NULL,
	"specialty" varchar(64) DEFAULT '' NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"photo_url" varchar(512) DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"member_no" varchar(32) DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_signups" ADD CONSTRAINT "activity_signups_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD CONSTRAINT "activity_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD CONSTRAINT "certificate_applications_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD CONSTRAINT "certificate_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_category_id_certificate_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."certificate_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_slug_uq" ON "activities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "activities_starts_idx" ON "activities" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_signups_user_uq" ON "activity_signups" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "activity_signups_user_idx" ON "activity_signups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_applications_open_uq" ON "certificate_applications" USING btree ("certificate_id","user_id") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "certificate_applications_user_idx" ON "certificate_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_categories_slug_uq" ON "certificate_categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_slug_uq" ON "certificates" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "certificates_category_idx" ON "certificates" USING btree ("category_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "associations_slug_uq" ON "associations" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_applications_open_uq" ON "membership_applications" USING btree ("association_id","user_id") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "membership_applications_user_idx" ON "membership_applications" USING btree ("user_id","created_at");