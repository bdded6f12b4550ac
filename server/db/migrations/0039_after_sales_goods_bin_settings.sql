CREATE TABLE "shop_after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'applied' NOT NULL,
	"started_by" varchar(16) DEFAULT 'buyer' NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" varchar(32) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply" varchar(200) DEFAULT '' NOT NULL,
	"return_address" text DEFAULT '' NOT NULL,
	"return_company" varchar(32) DEFAULT '' NOT NULL,
	"return_no" varchar(64) DEFAULT '' NOT NULL,
	"return_shipped_at" timestamp with time zone,
	"return_received_at" timestamp with time zone,
	"out_refund_no" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shop_after_sales_amount_positive" CHECK ("shop_after_sales"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "business_settings" (
	"key" varchar(48) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_goods" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "refunded_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD COLUMN "low_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_after_sales" ADD CONSTRAINT "shop_after_sales_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_after_sales" ADD CONSTRAINT "shop_after_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_after_sales_no_uq" ON "shop_after_sales" USING btree ("after_sale_no");--> statement-breakpoint
CREATE INDEX "shop_after_sales_order_idx" ON "shop_after_sales" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shop_after_sales_status_idx" ON "shop_after_sales" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_after_sales_one_open_uq" ON "shop_after_sales" USING btree ("order_id") WHERE "shop_after_sales"."status" in ('applied', 'awaiting_return', 'returning', 'refunding');--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_low_stock_nonnegative" CHECK ("shop_skus"."low_stock" >= 0);--> statement-breakpoint
-- Refund applications made before after-sales existed become after-sales of the whole order (仅退款).
INSERT INTO "shop_after_sales" ("after_sale_no", "order_id", "user_id", "kind", "status", "lines", "amount_fen", "reason", "description", "reply", "created_at", "updated_at", "finished_at")
SELECT 'AS' || substring(o."order_no" from 3), o."id", o."user_id", 'refund', o."refund_status",
  (SELECT coalesce(jsonb_agg(jsonb_build_object('itemId', i."id", 'quantity', i."quantity") ORDER BY i."id"), '[]'::jsonb)
     FROM "shop_order_items" i WHERE i."order_id" = o."id"),
  o."pay_amount", '其他', o."refund_reason", o."refund_reply",
  coalesce(o."refund_applied_at", o."updated_at"), o."updated_at", o."refund_finished_at"
FROM "shop_orders" o WHERE o."refund_status" IN ('applied', 'rejected', 'refunded')
  AND NOT EXISTS (SELECT 1 FROM "shop_after_sales" s WHERE s."order_id" = o."id");--> statement-breakpoint
UPDATE "shop_orders" SET "refunded_fen" = "pay_amount" WHERE "status" = 'refunded' AND "refunded_fen" = 0;--> statement-breakpoint
UPDATE "shop_order_items" i SET "refunded_quantity" = i."quantity" FROM "shop_orders" o
  WHERE o."id" = i."order_id" AND o."status" = 'refunded' AND i."refunded_quantity" = 0;
