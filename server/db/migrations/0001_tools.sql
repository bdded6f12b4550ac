CREATE TABLE "bazi_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pillars" varchar(16) NOT NULL,
	"input" jsonb NOT NULL,
	"source" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"error" varchar(256) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bazi_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"calendar" varchar(8) NOT NULL,
	"birth_date" varchar(16) NOT NULL,
	"leap_month" boolean DEFAULT false NOT NULL,
	"city" varchar(32) DEFAULT '' NOT NULL,
	"longitude" double precision,
	"utc_offset" double precision DEFAULT 8 NOT NULL,
	"true_solar_time" boolean DEFAULT false NOT NULL,
	"zi_hour" varchar(16) DEFAULT 'next-day' NOT NULL,
	"pillars" varchar(16) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bazi_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"pillars" varchar(16) NOT NULL,
	"input" jsonb NOT NULL,
	"price_fen" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"out_trade_no" varchar(32),
	"content" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bazi_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"content" varchar(256) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(32) NOT NULL,
	"title" varchar(64) NOT NULL,
	"description" varchar(512) DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer,
	"visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tool_products_price_positive" CHECK ("tool_products"."price_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "bazi_readings" ADD CONSTRAINT "bazi_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazi_records" ADD CONSTRAINT "bazi_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazi_reports" ADD CONSTRAINT "bazi_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bazi_readings_user_idx" ON "bazi_readings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bazi_records_user_idx" ON "bazi_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bazi_records_default_uq" ON "bazi_records" USING btree ("user_id") WHERE "bazi_records"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "bazi_reports_user_record_uq" ON "bazi_reports" USING btree ("user_id","record_id");--> statement-breakpoint
CREATE INDEX "bazi_reports_user_idx" ON "bazi_reports" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bazi_tips_slug_uq" ON "bazi_tips" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_products_key_uq" ON "tool_products" USING btree ("key");