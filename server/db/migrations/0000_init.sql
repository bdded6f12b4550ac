CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" varchar(32) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"mobile" varchar(11),
	"birthday" date,
	"level" smallint DEFAULT 0 NOT NULL,
	"referee_id" integer,
	"referee_parent_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_not_self_referee" CHECK ("users"."referee_id" is null or "users"."referee_id" <> "users"."id")
);
--> statement-breakpoint
CREATE TABLE "wechat_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" varchar(64) NOT NULL,
	"openid" varchar(64) NOT NULL,
	"unionid" varchar(64),
	"session_key" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"scene" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_sim_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"openid" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_sim_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"openid" varchar(64) NOT NULL,
	"unionid" varchar(64) NOT NULL,
	"nickname" varchar(32) NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64),
	"title" varchar(128) NOT NULL,
	"summary" varchar(512) DEFAULT '' NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"author" varchar(32) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"image" varchar(512) NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_key" varchar(32) NOT NULL,
	"slug" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"subtitle" varchar(128) DEFAULT '' NOT NULL,
	"image" varchar(512) DEFAULT '' NOT NULL,
	"url" varchar(512) NOT NULL,
	"price_fen" integer,
	"tag" varchar(16),
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_navs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"title" varchar(16) NOT NULL,
	"icon" varchar(512) NOT NULL,
	"url" varchar(512) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(32) NOT NULL,
	"title" varchar(32) NOT NULL,
	"more_url" varchar(512) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(32) NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"path" varchar(512) NOT NULL,
	"client" varchar(8) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"biz_type" varchar(16) NOT NULL,
	"biz_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" varchar(127) NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_txn_id" varchar(64),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"storage_key" varchar(128) NOT NULL,
	"url" varchar(512) NOT NULL,
	"mime" varchar(32) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_accounts" ADD CONSTRAINT "wechat_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_uq" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "users_referee_idx" ON "users" USING btree ("referee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_accounts_app_openid_uq" ON "wechat_accounts" USING btree ("app_id","openid");--> statement-breakpoint
CREATE INDEX "wechat_accounts_unionid_idx" ON "wechat_accounts" USING btree ("unionid");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_sim_codes_code_uq" ON "wechat_sim_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_sim_users_openid_uq" ON "wechat_sim_users" USING btree ("openid");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_uq" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "home_banners_slug_uq" ON "home_banners" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "home_items_section_slug_uq" ON "home_items" USING btree ("section_key","slug");--> statement-breakpoint
CREATE INDEX "home_items_section_idx" ON "home_items" USING btree ("section_key","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "home_navs_slug_uq" ON "home_navs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "home_sections_key_uq" ON "home_sections" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_key_uq" ON "site_pages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_out_trade_no_uq" ON "payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payments_biz_idx" ON "payments" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_user_idx" ON "uploaded_files" USING btree ("user_id");