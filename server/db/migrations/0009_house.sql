CREATE TABLE "divination_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question" varchar(100) NOT NULL,
	"title" varchar(64) NOT NULL,
	"cast_at" varchar(16) NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(32) NOT NULL,
	"plan_type" varchar(16) NOT NULL,
	"file_id" integer NOT NULL,
	"image_url" varchar(512) NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"facing_degrees" double precision,
	"build_year" smallint,
	"period" smallint,
	"method" varchar(8) DEFAULT 'xiagua' NOT NULL,
	"owner_birth_year" smallint,
	"owner_gender" varchar(8),
	"center_x" double precision,
	"center_y" double precision,
	"rotation" double precision DEFAULT 180 NOT NULL,
	"mode" varchar(2) DEFAULT '9' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_plans_period_range" CHECK ("house_plans"."period" IS NULL OR "house_plans"."period" BETWEEN 1 AND 9)
);
--> statement-breakpoint
ALTER TABLE "divination_records" ADD CONSTRAINT "divination_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_plans" ADD CONSTRAINT "house_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "divination_records_user_idx" ON "divination_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "house_plans_user_idx" ON "house_plans" USING btree ("user_id","id");