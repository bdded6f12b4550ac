CREATE TABLE "freight_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"charge_by" varchar(8) DEFAULT 'piece' NOT NULL,
	"default_rule" jsonb NOT NULL,
	"region_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"undeliverable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_templates_charge_by" CHECK ("freight_templates"."charge_by" in ('piece', 'weight'))
);
--> statement-breakpoint
ALTER TABLE "shop_goods" ADD COLUMN "freight_template_id" integer;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "freight_templates_one_default_uq" ON "freight_templates" USING btree ("is_default") WHERE "freight_templates"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "freight_templates_name_uq" ON "freight_templates" USING btree ("name");--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_freight_template_id_freight_templates_id_fk" FOREIGN KEY ("freight_template_id") REFERENCES "public"."freight_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_goods_freight_template_idx" ON "shop_goods" USING btree ("freight_template_id");--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_weight_nonnegative" CHECK ("shop_skus"."weight" >= 0);--> statement-breakpoint
-- custom SQL (not generated) below.
-- The default template: the rule the shop had before templates (server/modules/shop/constants.ts, ¥8 below ¥99, free
-- from ¥99), so an existing database and the demo data price orders as they did until an operator edits it.
INSERT INTO "freight_templates" ("name", "charge_by", "default_rule", "free_rules", "is_default")
VALUES ('默认运费', 'piece', '{"first":1,"firstFee":800,"additional":1,"additionalFee":0}'::jsonb,
  '[{"regions":[],"minAmount":9900,"minPieces":0}]'::jsonb, true);--> statement-breakpoint
-- checkout_reads (migration 0028) now also hands over each SKU's weight and its goods' template, and the freight
-- templates those goods use plus the default one, so the freight costs no extra round trip (docs/scaling.md).
CREATE OR REPLACE FUNCTION checkout_reads(want_skus int[], want_address int, for_user int, at_time timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'skus', (SELECT coalesce(json_agg(json_build_object(
        'skuId', s.id, 'goodsId', g.id, 'name', g.name, 'images', g.images, 'skuImage', s.image,
        'specValues', s.spec_values, 'price', s.price, 'stock', s.stock, 'skuOnShelf', s.on_shelf,
        'goodsOnShelf', g.on_shelf, 'maxBuy', g.max_buy, 'categoryId', g.category_id, 'parentId', p.id,
        'weight', s.weight, 'freightTemplateId', g.freight_template_id)), '[]')
      FROM shop_skus s
      JOIN shop_goods g ON g.id = s.goods_id
      JOIN shop_categories c ON c.id = g.category_id
      LEFT JOIN shop_categories p ON p.id = c.parent_id
      WHERE s.id = ANY (want_skus)),
    'address', (SELECT row_to_json(a) FROM (
        SELECT * FROM shop_addresses WHERE id = want_address
        UNION ALL
        (SELECT * FROM shop_addresses WHERE want_address IS NULL AND user_id = for_user
          ORDER BY is_default DESC, id DESC LIMIT 1)) a),
    'held', (SELECT coalesce(json_agg(json_build_object('uc', row_to_json(uc), 'c', row_to_json(c))), '[]')
      FROM shop_user_coupons uc
      JOIN shop_coupons c ON c.id = uc.coupon_id
      WHERE uc.user_id = for_user AND uc.status = 'unused' AND uc.expire_at > at_time),
    'freight', (SELECT coalesce(json_agg(row_to_json(f)), '[]')
      FROM freight_templates f
      WHERE f.is_default OR f.id IN (SELECT g.freight_template_id FROM shop_skus s
        JOIN shop_goods g ON g.id = s.goods_id WHERE s.id = ANY (want_skus))));
END $$;
