CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"location_code" text NOT NULL,
	"tenant_id" text NOT NULL,
	"lease_no" text NOT NULL,
	"unit_no" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "payment_links_lease" ON "payment_links" USING btree ("location_code","lease_no","expires_at");