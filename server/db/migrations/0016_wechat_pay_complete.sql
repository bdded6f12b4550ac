ALTER TABLE "payments" ADD COLUMN "provider_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "app_id" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "openid" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "out_bill_no" varchar(32);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_bill_no" varchar(64);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "package_info" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_reason" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_out_bill_no_uq" ON "withdrawals" USING btree ("out_bill_no");