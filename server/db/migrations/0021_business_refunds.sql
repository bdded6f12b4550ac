ALTER TABLE "activities" ADD COLUMN "refund_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "cancelled_by" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "cancel_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "refund_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "refund_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_signups" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD COLUMN "refund_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD COLUMN "refund_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "refund_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "refund_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "cancelled_by" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "cancel_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refund_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refund_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_refund_hours_nonneg" CHECK ("activities"."refund_hours" >= 0);