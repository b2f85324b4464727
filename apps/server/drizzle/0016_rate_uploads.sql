CREATE TABLE "rate_upload_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"upload_id" integer,
	"item" boolean DEFAULT false NOT NULL,
	"log" text NOT NULL,
	"isError" boolean DEFAULT false NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_upload_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"location_code" text,
	"unit_type_id" integer,
	"tenant_id" text,
	"lease_no" text,
	"unit_no" text,
	"unit_count" integer,
	"old_cents" integer,
	"new_cents" integer,
	"effective_date" text,
	"state" text NOT NULL,
	"outcome" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_name" text NOT NULL,
	"user_id" integer,
	"userName" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_by" text,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"undone_by" text,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "rate_upload_logs" ADD CONSTRAINT "rate_upload_logs_upload_id_rate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."rate_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_upload_rows" ADD CONSTRAINT "rate_upload_rows_upload_id_rate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."rate_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_upload_logs_upload" ON "rate_upload_logs" USING btree ("upload_id","id");--> statement-breakpoint
CREATE INDEX "rate_upload_rows_upload" ON "rate_upload_rows" USING btree ("upload_id","row_no");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_uploads_one_open_per_kind" ON "rate_uploads" USING btree ("kind") WHERE "rate_uploads"."status" in ('pending', 'processing', 'undoing');