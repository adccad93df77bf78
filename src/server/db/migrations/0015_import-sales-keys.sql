-- Natural keys of the data import (docs/import.md): an inventory home by serial number, an NPS call by serial number
-- and day, help documents and Learn categories, sub-categories and documents by name. A demo database seeded at a
-- benchmark scale before this migration may hold two inventory homes with one serial number: seed it again.
CREATE UNIQUE INDEX "help_documents_display_name_key" ON "help_documents" USING btree ("display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_homes_serial_key" ON "inventory_homes" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_categories_display_name_key" ON "learn_categories" USING btree ("display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_documents_name_key" ON "learn_documents" USING btree ("sub_category_id","display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_sub_categories_name_key" ON "learn_sub_categories" USING btree ("category_id","display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "nps_responses_serial_date_key" ON "nps_responses" USING btree ("serial_number","six_month_complete_date");