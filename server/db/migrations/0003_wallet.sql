CREATE TABLE "commission_rules" (
	"biz_type" varchar(16) PRIMARY KEY NOT NULL,
	"level1_bp" integer NOT NULL,
	"level2_bp" integer NOT NULL,
	"refund_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_bp_range" CHECK ("commission_rules"."level1_bp" between 0 and 10000 and "commission_rules"."level2_bp" between 0 and 10000),
	CONSTRAINT "commission_rules_days_range" CHECK ("commission_rules"."refund_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"biz_type" varchar(16) NOT NULL,
	"base_fen" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(16) DEFAULT 'frozen' NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_level" CHECK ("commissions"."level" in (1, 2)),
	CONSTRAINT "commissions_amount_positive" CHECK ("commissions"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"amount_fen" integer NOT NULL,
	"commission_id" integer,
	"withdrawal_id" integer,
	"remark" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"remark" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"available_fen" integer DEFAULT 0 NOT NULL,
	"frozen_fen" integer DEFAULT 0 NOT NULL,
	"total_earned_fen" integer DEFAULT 0 NOT NULL,
	"withdrawn_fen" integer DEFAULT 0 NOT NULL,
	"owed_fen" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_non_negative" CHECK ("wallets"."available_fen" >= 0 and "wallets"."frozen_fen" >= 0 and "wallets"."total_earned_fen" >= 0 and "wallets"."withdrawn_fen" >= 0 and "wallets"."owed_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"real_name" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(128) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_logs" ADD CONSTRAINT "wallet_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_logs" ADD CONSTRAINT "wallet_logs_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_logs" ADD CONSTRAINT "wallet_logs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_payment_level_uq" ON "commissions" USING btree ("payment_id","level");--> statement-breakpoint
CREATE INDEX "commissions_user_idx" ON "commissions" USING btree ("user_id","from_user_id");--> statement-breakpoint
CREATE INDEX "commissions_release_idx" ON "commissions" USING btree ("status","release_at");--> statement-breakpoint
CREATE INDEX "wallet_logs_user_idx" ON "wallet_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");