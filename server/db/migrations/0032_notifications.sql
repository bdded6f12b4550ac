CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" varchar(160) NOT NULL,
	"event" varchar(48) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"user_id" integer,
	"fields" jsonb NOT NULL,
	"link" varchar(256) DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(256) DEFAULT '' NOT NULL,
	"next_try_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"event" varchar(48) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"template_id" varchar(64) DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_event_channel_pk" PRIMARY KEY("event","channel")
);
--> statement-breakpoint
CREATE TABLE "operator_notice_reads" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"seen_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" varchar(48) NOT NULL,
	"title" varchar(64) NOT NULL,
	"body" varchar(256) DEFAULT '' NOT NULL,
	"link" varchar(256) DEFAULT '' NOT NULL,
	"permission" varchar(48) NOT NULL,
	"teacher_id" integer,
	"dedupe_key" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribe_grants" (
	"user_id" integer NOT NULL,
	"template_id" varchar(64) NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribe_grants_user_id_template_id_pk" PRIMARY KEY("user_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event" varchar(48) NOT NULL,
	"title" varchar(64) NOT NULL,
	"body" varchar(256) DEFAULT '' NOT NULL,
	"link" varchar(256) DEFAULT '' NOT NULL,
	"dedupe_key" varchar(128) NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notice_reads" ADD CONSTRAINT "operator_notice_reads_operator_id_admin_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admin_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_grants" ADD CONSTRAINT "subscribe_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_key_uq" ON "notification_deliveries" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_try_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "notification_deliveries_created_idx" ON "notification_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_idx" ON "notification_deliveries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_notices_key_uq" ON "operator_notices" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "operator_notices_perm_idx" ON "operator_notices" USING btree ("permission","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_messages_key_uq" ON "user_messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "user_messages_user_idx" ON "user_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_messages_unread_idx" ON "user_messages" USING btree ("user_id") WHERE read_at is null;