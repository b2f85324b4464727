CREATE TABLE "ecri_rent_roll" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text NOT NULL,
	"lease_no" text NOT NULL,
	"unit_no" text NOT NULL,
	"unit_type_id" integer NOT NULL,
	"rent_cents" integer NOT NULL,
	"street_cents" integer,
	"scheduled_cents" integer,
	"moved_in" text,
	"rent_last_changed" text,
	"paid_thru" text,
	"military" boolean NOT NULL,
	"do_not_increase" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecri_rent_roll_facilities" (
	"location_code" text PRIMARY KEY NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"leases" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecri_rent_roll_refreshes" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"requested_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"facilities" integer DEFAULT 0 NOT NULL,
	"leases" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "ecri_runs" ADD COLUMN "refresh" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ecri_runs" ADD COLUMN "rent_roll_fetched_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ecri_runs" ADD COLUMN "rent_roll_fetched_to" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ecri_rent_roll_facility" ON "ecri_rent_roll" USING btree ("location_code","unit_no");--> statement-breakpoint
CREATE UNIQUE INDEX "ecri_rent_roll_refreshes_one_running" ON "ecri_rent_roll_refreshes" USING btree ("status") WHERE status = 'running';