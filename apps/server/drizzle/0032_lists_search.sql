CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "locations_name_trgm" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_location_code_trgm" ON "locations" USING gin ("location_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_trgm" ON "locations" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_state_trgm" ON "locations" USING gin ("state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name" ON "locations" USING btree ("name");