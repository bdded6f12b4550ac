CREATE TABLE "teacher_follows" (
	"user_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_follows_user_id_teacher_id_pk" PRIMARY KEY("user_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"teacher_id" integer NOT NULL,
	"author" varchar(32) NOT NULL,
	"rating" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" varchar(32) NOT NULL,
	"title" varchar(64) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"city" varchar(16) DEFAULT '' NOT NULL,
	"years" integer DEFAULT 0 NOT NULL,
	"specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consult_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"duration_min" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consult_services_price_ok" CHECK ("consult_services"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"name" varchar(32) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(16) DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "service_teachers" (
	"service_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "service_teachers_service_id_teacher_id_pk" PRIMARY KEY("service_id","teacher_id")
);
--> statement-breakpoint
ALTER TABLE "teacher_follows" ADD CONSTRAINT "teacher_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_follows" ADD CONSTRAINT "teacher_follows_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_reviews" ADD CONSTRAINT "teacher_reviews_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_service_id_consult_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."consult_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_slot_id_service_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."service_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_slots" ADD CONSTRAINT "service_slots_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_teachers" ADD CONSTRAINT "service_teachers_service_id_consult_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."consult_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_teachers" ADD CONSTRAINT "service_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_follows_teacher_idx" ON "teacher_follows" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_reviews_slug_uq" ON "teacher_reviews" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "teacher_reviews_teacher_idx" ON "teacher_reviews" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_slug_uq" ON "teachers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "consult_services_slug_uq" ON "consult_services" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_slot_live_uq" ON "service_orders" USING btree ("slot_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "service_orders_user_idx" ON "service_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_slots_teacher_time_uq" ON "service_slots" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "service_slots_starts_idx" ON "service_slots" USING btree ("starts_at");