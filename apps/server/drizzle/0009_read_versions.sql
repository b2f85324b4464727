CREATE TABLE "read_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "read_versions" ("name", "version") VALUES ('facility_figures', 0);
--> statement-breakpoint
-- Every statement that changes what the overviews show moves the counter, in its own transaction (issue 17).
CREATE OR REPLACE FUNCTION bump_facility_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE read_versions SET version = version + 1 WHERE name = 'facility_figures';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER task_types_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_types
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER brands_reports_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands_reports
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER locations_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER snapshot_locations_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON snapshot_locations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER facility_field_staff_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON facility_field_staff
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
