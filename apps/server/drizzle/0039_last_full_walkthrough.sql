CREATE TABLE "facility_last_full_walkthroughs" (
	"location_code" text PRIMARY KEY NOT NULL,
	"walkthrough_id" integer NOT NULL,
	"full_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facility_last_full_walkthroughs" ADD CONSTRAINT "facility_last_full_walkthroughs_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "facility_last_full_walkthroughs" ADD CONSTRAINT "facility_last_full_walkthroughs_walkthrough_id_walkthroughs_id_fk" FOREIGN KEY ("walkthrough_id") REFERENCES "public"."walkthroughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facility_last_full_walkthroughs_full_at_idx" ON "facility_last_full_walkthroughs" USING btree ("full_at","location_code");--> statement-breakpoint
CREATE INDEX "snapshot_locations_hidden_idx" ON "snapshot_locations" USING btree ("location_code") WHERE "snapshot_locations"."hide_in_snapshot";--> statement-breakpoint
-- Lock checks due reads each facility's last full walkthrough from this table (issue 31). Every change of walkthroughs
-- that can move it (a full finish, a late sync making one full, full_at changed, a full one removed) recomputes the
-- facility's row in the same transaction. One facility's recomputations take turns (the advisory lock), each reading
-- what the one before committed. The join leaves out a facility being removed (its row goes by the cascade).
CREATE OR REPLACE FUNCTION keep_facility_last_full_walkthrough() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  code text := CASE WHEN TG_OP = 'DELETE' THEN OLD.location_code ELSE NEW.location_code END;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('facility_last_full_walkthrough:' || code));
  DELETE FROM facility_last_full_walkthroughs WHERE location_code = code;
  INSERT INTO facility_last_full_walkthroughs (location_code, walkthrough_id, full_at)
    SELECT w.location_code, w.id, w.full_at FROM walkthroughs w JOIN locations l ON l.location_code = w.location_code
    WHERE w.location_code = code AND w.full_at IS NOT NULL
    ORDER BY w.full_at DESC, w.id DESC LIMIT 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER walkthroughs_last_full_insert AFTER INSERT ON walkthroughs
  FOR EACH ROW WHEN (NEW.full_at IS NOT NULL) EXECUTE FUNCTION keep_facility_last_full_walkthrough();
--> statement-breakpoint
CREATE TRIGGER walkthroughs_last_full_update AFTER UPDATE OF full_at ON walkthroughs
  FOR EACH ROW WHEN (OLD.full_at IS DISTINCT FROM NEW.full_at) EXECUTE FUNCTION keep_facility_last_full_walkthrough();
--> statement-breakpoint
CREATE TRIGGER walkthroughs_last_full_delete AFTER DELETE ON walkthroughs
  FOR EACH ROW WHEN (OLD.full_at IS NOT NULL) EXECUTE FUNCTION keep_facility_last_full_walkthrough();
--> statement-breakpoint
INSERT INTO facility_last_full_walkthroughs (location_code, walkthrough_id, full_at)
  SELECT DISTINCT ON (location_code) location_code, id, full_at FROM walkthroughs WHERE full_at IS NOT NULL
  ORDER BY location_code, full_at DESC, id DESC;
