-- The field tool's facility list (GET /api/locations) is read from memory while its own counter stands (issue 30,
-- decision 021): only a change to locations moves it, so task writes, which move facility_figures all day, leave the
-- phones' copy and its ETag alone.
INSERT INTO "read_versions" ("name", "version") VALUES ('locations', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_locations_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_read_version('locations');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_locations_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_locations_version();
