CREATE INDEX "payment_refunds_finished_idx" ON "payment_refunds" USING btree ("status","finished_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_created_idx" ON "payment_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_type_id_idx" ON "payments" USING btree ("biz_type","id");--> statement-breakpoint
CREATE INDEX "payments_status_id_idx" ON "payments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payments_provider_txn_idx" ON "payments" USING btree ("provider_txn_id");--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at");