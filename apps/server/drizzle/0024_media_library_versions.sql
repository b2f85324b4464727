-- The media library's list and its "where is this file used" map are sent from memory while exact (issue 13,
-- decision 016): 'media_library' moves with every statement that changes what GET /api/file answers (the files, the
-- uploaders' names, the content that uses a file), 'file_usage' with the content alone, so an upload keeps the map.
INSERT INTO "read_versions" ("name", "version") VALUES ('media_library', 0), ('file_usage', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_media_library() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE read_versions SET version = version + 1 WHERE name = 'media_library';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_file_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE read_versions SET version = version + 1 WHERE name IN ('file_usage', 'media_library');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER media_files_media_library AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media_files
  FOR EACH STATEMENT EXECUTE FUNCTION bump_media_library();
--> statement-breakpoint
CREATE TRIGGER users_media_library AFTER UPDATE OF "firstName", "lastName", email OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_media_library();
--> statement-breakpoint
CREATE TRIGGER states_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER cities_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER blogs_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blogs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER homepage_contents_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON homepage_contents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER landing_pages_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON landing_pages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER pages_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER reviews_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
--> statement-breakpoint
CREATE TRIGGER location_contents_file_usage AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON location_contents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_file_usage();
