CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"superadmin" boolean DEFAULT false NOT NULL,
	"allowed_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_CS_role" boolean DEFAULT false NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"field_user" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstName" text DEFAULT '' NOT NULL,
	"lastName" text DEFAULT '' NOT NULL,
	"role_id" integer,
	"is_clerk_role" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "combo_locks" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"combo_code" text NOT NULL,
	"location_code" text
);
--> statement-breakpoint
CREATE TABLE "gate_codes" (
	"name" text PRIMARY KEY NOT NULL,
	"currentCode" text NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"unit_id" text NOT NULL,
	"unit_no" text NOT NULL,
	"floor_no" integer DEFAULT 1 NOT NULL,
	"top_coordinate" double precision NOT NULL,
	"left_coordinate" double precision NOT NULL,
	"width" double precision NOT NULL,
	"length" double precision NOT NULL,
	"rotate" double precision DEFAULT 0 NOT NULL,
	"category_name" text,
	"description" text,
	"system" boolean DEFAULT false NOT NULL,
	"system_rotation" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location_code" text NOT NULL,
	"slug" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"phone" text,
	"fax" text,
	"photo" text,
	"gate_hours" text,
	"office_hours" text,
	"contact_name" text,
	"reservation_email" text,
	"pm_email" text,
	"w9" text,
	"coming_soon" boolean DEFAULT false NOT NULL,
	"sboa" boolean DEFAULT false NOT NULL,
	"sboa_brochure" text,
	"allow_edge_express_in_kiosk" boolean DEFAULT false NOT NULL,
	"special_instruction_after_rental" text,
	"allow_ach" boolean DEFAULT false NOT NULL,
	"feedback_link" text,
	"autopay_on_move_in" boolean DEFAULT false NOT NULL,
	"autopay_on_payment" boolean DEFAULT false NOT NULL,
	"facility_map_enabled" boolean DEFAULT true NOT NULL,
	"kiosk_id_scanner_enabled" boolean DEFAULT false NOT NULL,
	"sub_location" text,
	"strike_through_rate" double precision DEFAULT 0 NOT NULL,
	"cc_fee" boolean DEFAULT false NOT NULL,
	"cid" text,
	"reservation_window" integer DEFAULT 7 NOT NULL,
	"xwebid" text,
	"xwebterminalid" text,
	"xwebauthkey" text,
	"kiosk_xwebid" text,
	"kiosk_xwebterminalid" text,
	"kiosk_xwebauthkey" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_location_code_unique" UNIQUE("location_code"),
	CONSTRAINT "locations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "snapshot_locations" (
	"location_code" text PRIMARY KEY NOT NULL,
	"facility_alerts" text,
	"facility_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"nickname" text,
	"pronunciation" text,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"phone" text NOT NULL,
	"timezone" text NOT NULL,
	"landmark" text,
	"date_of_acquisition" text,
	"previous_owner" text,
	"kiosk" boolean DEFAULT false NOT NULL,
	"gate" boolean DEFAULT false NOT NULL,
	"fence" boolean DEFAULT false NOT NULL,
	"cameras" boolean DEFAULT false NOT NULL,
	"truck_access" boolean DEFAULT false NOT NULL,
	"floor_count" integer DEFAULT 1 NOT NULL,
	"elevator_type" text,
	"interior_unit_access_code" text,
	"access_hours" text NOT NULL,
	"auction_winner" text,
	"emergency_code" text,
	"temp_code" text,
	"unit_height" text,
	"climate_controlled_units" boolean DEFAULT false NOT NULL,
	"climate_controlled_type" text,
	"climate_controlled_range" text,
	"rv_ranking" text,
	"indoor_parking" boolean DEFAULT false NOT NULL,
	"outdoor_parking" boolean DEFAULT false NOT NULL,
	"outside_units" boolean DEFAULT false NOT NULL,
	"parking_surface" text,
	"rv_and_boat_only" boolean DEFAULT false NOT NULL,
	"unique_details" text,
	"insurance" boolean DEFAULT false NOT NULL,
	"protection" boolean DEFAULT false NOT NULL,
	"insurance_levels" text,
	"unit_tax" boolean DEFAULT false NOT NULL,
	"parking_tax" boolean DEFAULT false NOT NULL,
	"unit_tax_rate" text,
	"parking_tax_rate" text,
	"late_fee_scheme" text,
	"lien_fee" text,
	"local_tow_company" text,
	"tow_company_phone" text,
	"property_map" text,
	"hide_in_snapshot" boolean DEFAULT false NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_locks" ADD CONSTRAINT "combo_locks_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "location_units" ADD CONSTRAINT "location_units_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "snapshot_locations" ADD CONSTRAINT "snapshot_locations_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "login_failures_account_ip_at_idx" ON "login_failures" USING btree ("account","ip","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "location_units_location_floor_idx" ON "location_units" USING btree ("location_code","floor_no");--> statement-breakpoint
CREATE UNIQUE INDEX "location_units_location_unit_unique" ON "location_units" USING btree ("location_code","unit_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");