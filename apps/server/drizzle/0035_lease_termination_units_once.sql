CREATE TABLE "lease_termination_units" (
	"lease_termination_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"tenant_id" text NOT NULL,
	"unit_no" text NOT NULL,
	"termination_date" text NOT NULL,
	CONSTRAINT "lease_termination_units_lease_termination_id_unit_no_pk" PRIMARY KEY("lease_termination_id","unit_no")
);
--> statement-breakpoint
ALTER TABLE "lease_termination_units" ADD CONSTRAINT "lease_termination_units_lease_termination_id_lease_terminations_id_fk" FOREIGN KEY ("lease_termination_id") REFERENCES "public"."lease_terminations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_termination_units" ADD CONSTRAINT "lease_termination_units_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_termination_units_once" ON "lease_termination_units" USING btree ("location_code","tenant_id","unit_no","termination_date");--> statement-breakpoint
INSERT INTO "lease_termination_units" ("lease_termination_id", "location_code", "tenant_id", "unit_no", "termination_date")
SELECT "id", "location_code", "tenant_id", unnest("units"), "termination_date" FROM "lease_terminations" ORDER BY "id"
ON CONFLICT DO NOTHING;
