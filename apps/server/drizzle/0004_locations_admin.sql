CREATE TABLE "location_contents" (
	"location_code" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"body1" text DEFAULT '' NOT NULL,
	"body2" text DEFAULT '' NOT NULL,
	"facility_image" text DEFAULT '' NOT NULL,
	"facility_image_alt" text DEFAULT '' NOT NULL,
	"access_hours" text DEFAULT '' NOT NULL,
	"customer_service_hours" text DEFAULT '' NOT NULL,
	"website_move_in_completion_screen" boolean DEFAULT false NOT NULL,
	"kiosk_move_in_completion_screen" boolean DEFAULT false NOT NULL,
	"unit_size_high_to_low" boolean DEFAULT false NOT NULL,
	"unit_group_large_to_small" boolean DEFAULT false NOT NULL,
	"recommended_unit" boolean DEFAULT false NOT NULL,
	"unit_groups_expanded" boolean DEFAULT false NOT NULL,
	"fee_for_24hr_access" boolean DEFAULT false NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"photo_texts" text[] DEFAULT '{}' NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_unit_types" (
	"location_code" text NOT NULL,
	"unit_type_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"unit_filter_ids" integer[] DEFAULT '{}' NOT NULL,
	"unit_filter_keys" text[] DEFAULT '{}' NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_unit_types_location_code_unit_type_id_pk" PRIMARY KEY("location_code","unit_type_id")
);
--> statement-breakpoint
CREATE TABLE "unit_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"filter_key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "unit_filters_filter_key_unique" UNIQUE("filter_key")
);
--> statement-breakpoint
ALTER TABLE "location_contents" ADD CONSTRAINT "location_contents_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "location_unit_types" ADD CONSTRAINT "location_unit_types_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;