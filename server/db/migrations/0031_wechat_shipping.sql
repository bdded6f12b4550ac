CREATE TABLE "wechat_delivery_companies" (
	"delivery_id" varchar(32) PRIMARY KEY NOT NULL,
	"delivery_name" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_shipping_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"logistics_type" smallint NOT NULL,
	"delivery_mode" smallint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(256) DEFAULT '' NOT NULL,
	"next_try_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"estimated_settlement_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_app_id" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_openid" varchar(128);--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "parcels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_shipping_uploads" ADD CONSTRAINT "wechat_shipping_uploads_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_shipping_uploads_payment_uq" ON "wechat_shipping_uploads" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "wechat_shipping_uploads_due_idx" ON "wechat_shipping_uploads" USING btree ("state","next_try_at");