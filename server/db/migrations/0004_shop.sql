CREATE TABLE "shop_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6) NOT NULL,
	"district_code" varchar(6) DEFAULT '' NOT NULL,
	"province" varchar(32) NOT NULL,
	"city" varchar(32) NOT NULL,
	"district" varchar(32) DEFAULT '' NOT NULL,
	"detail" varchar(120) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_cart_quantity_positive" CHECK ("shop_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(32) NOT NULL,
	"image" varchar(512) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" varchar(32) NOT NULL,
	"type" varchar(16) NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"max_discount" integer DEFAULT 0 NOT NULL,
	"min_spend" integer DEFAULT 0 NOT NULL,
	"scope" varchar(16) DEFAULT 'all' NOT NULL,
	"scope_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_coupons_claimed_within_total" CHECK ("shop_coupons"."claimed" >= 0 and "shop_coupons"."claimed" <= "shop_coupons"."total"),
	CONSTRAINT "shop_coupons_discount_range" CHECK ("shop_coupons"."discount" >= 0 and "shop_coupons"."discount" < 100)
);
--> statement-breakpoint
CREATE TABLE "shop_favorites" (
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_favorites_user_id_goods_id_pk" PRIMARY KEY("user_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "shop_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"subtitle" varchar(128) DEFAULT '' NOT NULL,
	"images" jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_min" integer NOT NULL,
	"price_max" integer NOT NULL,
	"line_price" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"max_buy" integer DEFAULT 99 NOT NULL,
	"on_shelf" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_goods_max_buy_positive" CHECK ("shop_goods"."max_buy" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"title" varchar(32) NOT NULL,
	"description" varchar(256) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"image" varchar(512) NOT NULL,
	"spec_text" varchar(128) DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'to_pay' NOT NULL,
	"refund_status" varchar(16) DEFAULT 'none' NOT NULL,
	"goods_amount" integer NOT NULL,
	"freight" integer DEFAULT 0 NOT NULL,
	"coupon_discount" integer DEFAULT 0 NOT NULL,
	"pay_amount" integer NOT NULL,
	"user_coupon_id" integer,
	"coupon_name" varchar(32) DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(32) DEFAULT '' NOT NULL,
	"express_company" varchar(32) DEFAULT '' NOT NULL,
	"express_no" varchar(64) DEFAULT '' NOT NULL,
	"refund_reason" varchar(200) DEFAULT '' NOT NULL,
	"refund_reply" varchar(200) DEFAULT '' NOT NULL,
	"refund_applied_at" timestamp with time zone,
	"refund_finished_at" timestamp with time zone,
	"stock_returned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_pay_amount_positive" CHECK ("shop_orders"."pay_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_search_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(32) NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"spec_key" varchar(128) NOT NULL,
	"spec_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"line_price" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image" varchar(512) DEFAULT '' NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"on_shelf" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shop_skus_stock_nonnegative" CHECK ("shop_skus"."stock" >= 0),
	CONSTRAINT "shop_skus_price_positive" CHECK ("shop_skus"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'unused' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_favorites" ADD CONSTRAINT "shop_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_favorites" ADD CONSTRAINT "shop_favorites_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_events" ADD CONSTRAINT "shop_order_events_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_coupons" ADD CONSTRAINT "shop_user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_coupons" ADD CONSTRAINT "shop_user_coupons_coupon_id_shop_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."shop_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_addresses_user_idx" ON "shop_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_one_default_uq" ON "shop_addresses" USING btree ("user_id") WHERE "shop_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_user_sku_uq" ON "shop_cart_items" USING btree ("user_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_categories_slug_uq" ON "shop_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shop_categories_parent_idx" ON "shop_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_coupons_slug_uq" ON "shop_coupons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shop_favorites_user_idx" ON "shop_favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_goods_slug_uq" ON "shop_goods" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shop_goods_category_idx" ON "shop_goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shop_goods_sales_idx" ON "shop_goods" USING btree ("sales","id");--> statement-breakpoint
CREATE INDEX "shop_order_events_order_idx" ON "shop_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shop_order_items_order_idx" ON "shop_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_order_no_uq" ON "shop_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_user_request_uq" ON "shop_orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "shop_orders_unpaid_idx" ON "shop_orders" USING btree ("status","pay_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_search_words_word_uq" ON "shop_search_words" USING btree ("word");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_skus_goods_spec_uq" ON "shop_skus" USING btree ("goods_id","spec_key");--> statement-breakpoint
CREATE INDEX "shop_user_coupons_user_idx" ON "shop_user_coupons" USING btree ("user_id","status","expire_at");--> statement-breakpoint
CREATE INDEX "shop_user_coupons_coupon_user_idx" ON "shop_user_coupons" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_user_coupons_order_uq" ON "shop_user_coupons" USING btree ("order_id");