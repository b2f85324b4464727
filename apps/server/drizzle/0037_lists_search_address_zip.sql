CREATE INDEX "locations_address_trgm" ON "locations" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_zip_trgm" ON "locations" USING gin ("zip" gin_trgm_ops);