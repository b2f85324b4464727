-- Each move of a read_versions counter is announced on 'storageops_read_versions' as 'name:version' (issue 17,
-- decision 010): PostgreSQL delivers it at commit to every instance, which keeps the counters in memory instead of
-- reading them on every cached read. Every counter's trigger function moves it through bump_read_version.
CREATE OR REPLACE FUNCTION bump_read_version(counter text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE read_versions SET version = version + 1 WHERE name = counter RETURNING version INTO next;
  PERFORM pg_notify('storageops_read_versions', counter || ':' || next);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_facility_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_read_version('facility_figures');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_read_version('content');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_media_library() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_read_version('media_library');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_file_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_read_version('file_usage');
  PERFORM bump_read_version('media_library');
  RETURN NULL;
END
$$;
