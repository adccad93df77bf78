CREATE INDEX "service_requests_retailer_open_sync_idx" ON "service_requests" USING btree ("retailer_number","sync_xid","id") WHERE status not in ('G', 'N', 'P', 'X', 'Z');--> statement-breakpoint
CREATE INDEX "service_requests_plant_open_sync_idx" ON "service_requests" USING btree ("plant_number","sync_xid","id") WHERE status not in ('G', 'N', 'P', 'X', 'Z');--> statement-breakpoint
CREATE INDEX "service_requests_retailer_changed_idx" ON "service_requests" USING btree ("retailer_number","changed_on");--> statement-breakpoint
CREATE INDEX "service_requests_plant_changed_idx" ON "service_requests" USING btree ("plant_number","changed_on");--> statement-breakpoint
CREATE INDEX "parts_orders_retailer_open_sync_idx" ON "parts_orders" USING btree ("retailer_number","sync_xid","id") WHERE not is_closed;--> statement-breakpoint
CREATE INDEX "parts_orders_plant_open_sync_idx" ON "parts_orders" USING btree ("plant_number","sync_xid","id") WHERE not is_closed;--> statement-breakpoint
CREATE INDEX "parts_orders_retailer_changed_idx" ON "parts_orders" USING btree ("retailer_number","changed_on");--> statement-breakpoint
CREATE INDEX "parts_orders_plant_changed_idx" ON "parts_orders" USING btree ("plant_number","changed_on");