DROP INDEX "auction_winners_unit";--> statement-breakpoint
ALTER TABLE "auction_winners" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD COLUMN "amount_paid" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "auction_winners" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD COLUMN "outcome_by" text;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD COLUMN "backup_for_id" integer;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_backup_for_id_auction_winners_id_fk" FOREIGN KEY ("backup_for_id") REFERENCES "public"."auction_winners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_winners_one_backup" ON "auction_winners" USING btree ("backup_for_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_winners_unit" ON "auction_winners" USING btree ("auction_id","location_code","unit_no") WHERE "auction_winners"."outcome" is distinct from 'defaulted';