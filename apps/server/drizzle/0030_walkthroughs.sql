CREATE TABLE "unit_walk_order" (
	"location_code" text NOT NULL,
	"unit_no" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "unit_walk_order_location_code_unit_no_pk" PRIMARY KEY("location_code","unit_no")
);
--> statement-breakpoint
CREATE TABLE "walkthrough_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"walkthrough_id" integer NOT NULL,
	"unit_no" text NOT NULL,
	"client_id" text NOT NULL,
	"observed" text NOT NULL,
	"lock_serial" text,
	"serial_check" text,
	"note" text,
	"photo_file" text,
	"photo_thumbnail" text,
	"photo_content_type" text,
	"photo_bytes" integer,
	"observed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"observed_by_username" text NOT NULL,
	"observed_by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_units" (
	"walkthrough_id" integer NOT NULL,
	"unit_no" text NOT NULL,
	"floor_no" integer NOT NULL,
	"position" integer NOT NULL,
	"ssm_status" text,
	"days_past_due" integer,
	"expected" text NOT NULL,
	"observation_id" integer,
	"observed" text,
	"observed_at" timestamp with time zone,
	"observed_by_username" text,
	"observed_by_name" text,
	"lock_serial" text,
	"serial_check" text,
	"note" text,
	"photo_file" text,
	"discrepancy" text,
	"task_id" integer,
	"observation_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "walkthrough_units_walkthrough_id_unit_no_pk" PRIMARY KEY("walkthrough_id","unit_no")
);
--> statement-breakpoint
CREATE TABLE "walkthroughs" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by_username" text NOT NULL,
	"started_by_name" text NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by_username" text,
	"finished_by_name" text,
	"overlock_days" integer NOT NULL,
	"active_seconds" integer DEFAULT 0 NOT NULL,
	"resumed_at" timestamp with time zone,
	"full_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "unit_walk_order" ADD CONSTRAINT "unit_walk_order_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "walkthrough_observations" ADD CONSTRAINT "walkthrough_observations_walkthrough_id_walkthroughs_id_fk" FOREIGN KEY ("walkthrough_id") REFERENCES "public"."walkthroughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_units" ADD CONSTRAINT "walkthrough_units_walkthrough_id_walkthroughs_id_fk" FOREIGN KEY ("walkthrough_id") REFERENCES "public"."walkthroughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_units" ADD CONSTRAINT "walkthrough_units_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthroughs" ADD CONSTRAINT "walkthroughs_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "walkthrough_observations_client_unique" ON "walkthrough_observations" USING btree ("walkthrough_id","client_id");--> statement-breakpoint
CREATE INDEX "walkthrough_observations_unit_idx" ON "walkthrough_observations" USING btree ("walkthrough_id","unit_no");--> statement-breakpoint
CREATE INDEX "walkthrough_units_position_idx" ON "walkthrough_units" USING btree ("walkthrough_id","position");--> statement-breakpoint
CREATE INDEX "walkthrough_units_task_idx" ON "walkthrough_units" USING btree ("task_id") WHERE "walkthrough_units"."task_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "walkthroughs_one_open_per_facility" ON "walkthroughs" USING btree ("location_code") WHERE "walkthroughs"."status" <> 'finished';--> statement-breakpoint
CREATE INDEX "walkthroughs_location_started_idx" ON "walkthroughs" USING btree ("location_code","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "walkthroughs_location_full_idx" ON "walkthroughs" USING btree ("location_code","full_at" DESC NULLS LAST) WHERE "walkthroughs"."full_at" is not null;--> statement-breakpoint
-- The Dashboard's Last Full WalkThrough reads walkthroughs.full_at (decision 024): a start, a full finish and a
-- removal move the facility_figures counter (decision 010); the many updates while walking leave full_at alone.
CREATE TRIGGER walkthroughs_facility_figures AFTER INSERT OR UPDATE OF full_at OR DELETE OR TRUNCATE ON walkthroughs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
