CREATE TABLE "gate_code_rotation_facilities" (
	"rotation_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_code_rotation_facilities_rotation_id_location_code_pk" PRIMARY KEY("rotation_id","location_code")
);
--> statement-breakpoint
CREATE TABLE "gate_code_rotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" text[] NOT NULL,
	"codes" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"requested_by" text NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gate_code_rotation_facilities" ADD CONSTRAINT "gate_code_rotation_facilities_rotation_id_gate_code_rotations_id_fk" FOREIGN KEY ("rotation_id") REFERENCES "public"."gate_code_rotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_code_rotation_facilities" ADD CONSTRAINT "gate_code_rotation_facilities_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_code_rotations_one_running" ON "gate_code_rotations" USING btree ("status") WHERE "gate_code_rotations"."status" = 'running';