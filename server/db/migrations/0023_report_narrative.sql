ALTER TABLE "bazi_reports" ADD COLUMN "narrative_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "bazi_reports" ADD COLUMN "narrative" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bazi_reports" ADD COLUMN "narrative_error" varchar(256) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bazi_reports" ADD COLUMN "narrative_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tool_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;