CREATE TABLE "admin_audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" varchar(32) NOT NULL,
	"action" varchar(48) NOT NULL,
	"target_type" varchar(32) NOT NULL,
	"target_id" varchar(64) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_hash" varchar(256) NOT NULL,
	"role" varchar(16) NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"csrf_token" varchar(64) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_operator_id_admin_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admin_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_logs_created_idx" ON "admin_audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_logs_operator_idx" ON "admin_audit_logs" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_logs_target_idx" ON "admin_audit_logs" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "admin_login_failures_key_idx" ON "admin_login_failures" USING btree ("key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_operators_username_uq" ON "admin_operators" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_uq" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_operator_idx" ON "admin_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "shop_orders_status_id_idx" ON "shop_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "shop_orders_refund_idx" ON "shop_orders" USING btree ("refund_status","id");