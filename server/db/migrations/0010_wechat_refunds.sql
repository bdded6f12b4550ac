CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"out_refund_no" varchar(64) NOT NULL,
	"request_key" varchar(64) NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" varchar(80) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"provider_refund_id" varchar(64),
	"fail_reason" varchar(256) DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_out_refund_no_uq" ON "payment_refunds" USING btree ("out_refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_uq" ON "payment_refunds" USING btree ("payment_id","request_key") WHERE status <> 'failed';--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");