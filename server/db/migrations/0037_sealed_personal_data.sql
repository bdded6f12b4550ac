DROP INDEX "sms_codes_mobile_idx";--> statement-breakpoint
DROP INDEX "users_mobile_uq";--> statement-breakpoint
ALTER TABLE "activity_signups" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "membership_applications" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "certificate_applications" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "offline_signups" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "service_orders" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "shop_addresses" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "shop_addresses" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "shop_addresses" ALTER COLUMN "detail" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "account_merge_requests" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD COLUMN "mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offline_signups" ADD COLUMN "mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_name_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_mobile" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "mobile_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_hash" varchar(64);--> statement-breakpoint
CREATE INDEX "shop_orders_receiver_name_idx" ON "shop_orders" USING btree ("receiver_name_hash");--> statement-breakpoint
CREATE INDEX "shop_orders_receiver_mobile_idx" ON "shop_orders" USING btree ("receiver_mobile_hash");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile_hash");--> statement-breakpoint
-- The receiver, number and street leave the order's address snapshot for their own columns, still plain here:
-- the server seals them (and fills their hashes) at start-up, since SQL never sees the data key.
UPDATE "shop_orders" SET "receiver_name" = coalesce("address"->>'name', ''), "receiver_mobile" = coalesce("address"->>'mobile', ''), "receiver_detail" = coalesce("address"->>'detail', ''), "address" = "address" - 'name' - 'mobile' - 'detail';
--> statement-breakpoint
-- An address change's timeline entry named the receiver, number and street; the timeline is not sealed.
UPDATE "shop_order_events" SET "description" = '' WHERE "title" = '收货地址已修改';
--> statement-breakpoint
-- The audit log's picture of an order named its receiver; it keeps the region only from now on.
UPDATE "admin_audit_logs" SET "before" = "before" #- '{address,name}' #- '{address,mobile}' #- '{address,detail}', "after" = "after" #- '{address,name}' #- '{address,mobile}' #- '{address,detail}' WHERE "target_type" = 'order';
