CREATE TABLE "ecri_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
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
	"scheduled" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecri_rule_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_tenure_months" integer NOT NULL,
	"min_months_since_increase" integer NOT NULL,
	"toward_street_percent" integer NOT NULL,
	"max_increase_percent" integer NOT NULL,
	"max_increase_dollars" integer NOT NULL,
	"ceiling_percent" integer NOT NULL,
	"min_increase_dollars" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"effective_day" integer NOT NULL,
	"past_due_days" integer NOT NULL,
	"exclude_auction_winners" boolean NOT NULL,
	"exclude_military" boolean NOT NULL,
	"exclude_do_not_increase" boolean NOT NULL,
	"excluded_facilities" text[] DEFAULT '{}' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecri_rule_sets_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ecri_run_facilities" (
	"run_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"name" text NOT NULL,
	"leases" integer NOT NULL,
	"eligible" integer NOT NULL,
	"chosen" integer NOT NULL,
	"monthly_change_cents" bigint NOT NULL,
	"bands" integer[] NOT NULL,
	"histogram" integer[] NOT NULL,
	CONSTRAINT "ecri_run_facilities_run_id_location_code_pk" PRIMARY KEY("run_id","location_code")
);
--> statement-breakpoint
CREATE TABLE "ecri_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'computing' NOT NULL,
	"error" text,
	"rule_set_id" integer,
	"rule_set_name" text NOT NULL,
	"rule_set_version" integer,
	"rules" jsonb NOT NULL,
	"today" text NOT NULL,
	"effective_date" text NOT NULL,
	"max_increase_percent" double precision NOT NULL,
	"guardrail_notice_days" integer NOT NULL,
	"created_by" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"facilities" integer DEFAULT 0 NOT NULL,
	"missing_facilities" text[] DEFAULT '{}' NOT NULL,
	"leases" integer DEFAULT 0 NOT NULL,
	"eligible" integer DEFAULT 0 NOT NULL,
	"excluded" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upload_id" integer
);
--> statement-breakpoint
ALTER TABLE "ecri_candidates" ADD CONSTRAINT "ecri_candidates_run_id_ecri_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ecri_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecri_run_facilities" ADD CONSTRAINT "ecri_run_facilities_run_id_ecri_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ecri_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecri_runs" ADD CONSTRAINT "ecri_runs_rule_set_id_ecri_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."ecri_rule_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecri_runs" ADD CONSTRAINT "ecri_runs_upload_id_rate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."rate_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecri_candidates_facility" ON "ecri_candidates" USING btree ("run_id","location_code","unit_no");--> statement-breakpoint
CREATE INDEX "ecri_candidates_change" ON "ecri_candidates" USING btree ("run_id","change_cents");--> statement-breakpoint
CREATE INDEX "ecri_candidates_change_bp" ON "ecri_candidates" USING btree ("run_id","change_bp");--> statement-breakpoint
CREATE INDEX "ecri_candidates_tenure" ON "ecri_candidates" USING btree ("run_id","tenure_months");