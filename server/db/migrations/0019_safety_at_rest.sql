CREATE TABLE "rate_limits" (
	"bucket" varchar(128) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "certificate_applications" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "membership_applications" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "membership_applications" ALTER COLUMN "id_number" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD COLUMN "id_number_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "id_number_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "certificate_applications_id_number_idx" ON "certificate_applications" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "membership_applications_id_number_idx" ON "membership_applications" USING btree ("id_number_hash");