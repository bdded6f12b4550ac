CREATE TABLE "shop_stock_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" varchar(32) NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_stock_logs" ADD CONSTRAINT "shop_stock_logs_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_logs" ADD CONSTRAINT "shop_stock_logs_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_stock_logs_goods_idx" ON "shop_stock_logs" USING btree ("goods_id","id");--> statement-breakpoint
CREATE INDEX "shop_stock_logs_sku_idx" ON "shop_stock_logs" USING btree ("sku_id","id");