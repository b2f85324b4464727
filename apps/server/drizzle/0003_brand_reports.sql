CREATE TABLE "brand_standard_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_standard_report_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"thumbnail_name" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_standard_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"brands_report_id" integer NOT NULL,
	"brand_standard_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "brand_standards_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "brands_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"report_submit_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_submit_by" text NOT NULL,
	"report_submit_username" text NOT NULL,
	"notes" text,
	"completed" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_field_staff" (
	"location_code" text PRIMARY KEY NOT NULL,
	"facility_store_number" text,
	"primary_field_staff" text
);
--> statement-breakpoint
ALTER TABLE "brand_standard_attachments" ADD CONSTRAINT "brand_standard_attachments_brand_standard_report_id_brand_standard_reports_id_fk" FOREIGN KEY ("brand_standard_report_id") REFERENCES "public"."brand_standard_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_standard_reports" ADD CONSTRAINT "brand_standard_reports_brands_report_id_brands_reports_id_fk" FOREIGN KEY ("brands_report_id") REFERENCES "public"."brands_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_standard_reports" ADD CONSTRAINT "brand_standard_reports_brand_standard_id_brand_standards_id_fk" FOREIGN KEY ("brand_standard_id") REFERENCES "public"."brand_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands_reports" ADD CONSTRAINT "brands_reports_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "facility_field_staff" ADD CONSTRAINT "facility_field_staff_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "brand_standard_attachments_report_idx" ON "brand_standard_attachments" USING btree ("brand_standard_report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_standard_reports_report_standard_unique" ON "brand_standard_reports" USING btree ("brands_report_id","brand_standard_id");--> statement-breakpoint
CREATE INDEX "brands_reports_location_submit_idx" ON "brands_reports" USING btree ("location_code","report_submit_at" DESC NULLS LAST,"id" DESC NULLS LAST);