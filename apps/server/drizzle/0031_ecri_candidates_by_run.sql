-- Written by hand: drizzle-kit does not write partitions. A run's candidates are a partition of their own, loaded
-- without indexes and then attached (decision 025); no run was kept before this migration.
DROP TABLE "ecri_candidates";--> statement-breakpoint
CREATE TABLE "ecri_candidates" (
	"id" serial NOT NULL,
	"run_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text NOT NULL,
	"lease_no" text NOT NULL,
	"unit_no" text NOT NULL,
	"unit_type_id" integer NOT NULL,
	"old_cents" integer NOT NULL,
	"street_cents" integer,
	"proposed_cents" integer NOT NULL,
	"new_cents" integer NOT NULL,
	"change_cents" integer NOT NULL,
	"change_bp" integer NOT NULL,
	"overridden" boolean DEFAULT false NOT NULL,
	"chosen" boolean NOT NULL,
	"excluded" text,
	"tenure_months" integer NOT NULL,
	"months_since_increase" integer NOT NULL,
	"days_past_due" integer NOT NULL,
	"moved_in" text NOT NULL,
	"rent_last_changed" text,
	"paid_thru" text,
	"military" boolean NOT NULL,
	"do_not_increase" boolean NOT NULL,
	"auction_winner" boolean NOT NULL,
	"scheduled" boolean NOT NULL,
	CONSTRAINT "ecri_candidates_run_id_id_pk" PRIMARY KEY("run_id","id")
) PARTITION BY LIST ("run_id");
--> statement-breakpoint
CREATE INDEX "ecri_candidates_facility" ON "ecri_candidates" USING btree ("run_id","location_code","unit_no");--> statement-breakpoint
CREATE INDEX "ecri_candidates_change" ON "ecri_candidates" USING btree ("run_id","change_cents");--> statement-breakpoint
CREATE INDEX "ecri_candidates_change_bp" ON "ecri_candidates" USING btree ("run_id","change_bp");--> statement-breakpoint
CREATE INDEX "ecri_candidates_tenure" ON "ecri_candidates" USING btree ("run_id","tenure_months");
