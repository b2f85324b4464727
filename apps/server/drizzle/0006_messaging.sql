CREATE TABLE "communication_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"template_name" text NOT NULL,
	"sms_body" text DEFAULT '' NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"status" text DEFAULT 'Operational' NOT NULL,
	"status_reason" text,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_templates_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"template_id" integer NOT NULL,
	"method" text NOT NULL,
	"recipient_name" text,
	"email_address" text,
	"cell_phone" text,
	"location_code" text,
	"subject" text,
	"html_body" text,
	"text_body" text,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"provider_id" text,
	"error" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communications_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"cell_phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_termination_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lease_terminations" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text NOT NULL,
	"tenant_email" text,
	"tenant_phone" text,
	"units" text[] NOT NULL,
	"termination_type" text NOT NULL,
	"reason" text NOT NULL,
	"termination_date" text NOT NULL,
	"termination_time" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"notice_file" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_terminations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_template_id_communication_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."communication_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lease_termination_batches" ADD CONSTRAINT "lease_termination_batches_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lease_terminations" ADD CONSTRAINT "lease_terminations_batch_id_lease_termination_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."lease_termination_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_terminations" ADD CONSTRAINT "lease_terminations_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "communications_due" ON "communications" USING btree ("next_attempt_at") WHERE "communications"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "communications_template_recent" ON "communications" USING btree ("template_id","id");--> statement-breakpoint
CREATE INDEX "communications_provider_id" ON "communications" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "lease_terminations_batch" ON "lease_terminations" USING btree ("batch_id","id");