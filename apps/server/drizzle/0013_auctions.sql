CREATE TABLE "auction_winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"auction_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"location_code" text NOT NULL,
	"unit_no" text NOT NULL,
	"phone" text,
	"address" text,
	"city" text,
	"zip" text,
	"facility_balance" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'unsent' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"startDate" timestamp with time zone NOT NULL,
	"endDate" timestamp with time zone NOT NULL,
	"gateCode" text NOT NULL,
	"created_by" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"completedAt" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_winners_unit" ON "auction_winners" USING btree ("auction_id","location_code","unit_no");--> statement-breakpoint
CREATE INDEX "auction_winners_unsent" ON "auction_winners" USING btree ("id") WHERE "auction_winners"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "auctions_one_active" ON "auctions" USING btree ((true)) WHERE "completedAt" is null;