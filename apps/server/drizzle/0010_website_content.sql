CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"blog_image" text DEFAULT '' NOT NULL,
	"blog_image_alt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"zoom_level" integer DEFAULT 1 NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"image_src" text DEFAULT '' NOT NULL,
	"image_alt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_state_name_unique" UNIQUE("state","name")
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_key" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"changed_fields" text[] DEFAULT '{}' NOT NULL,
	"data" jsonb NOT NULL,
	"etag" text NOT NULL,
	"restored_from" integer,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_versions_record_version" UNIQUE("resource","record_key","version")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"short_name" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"zoom_level" integer DEFAULT 1 NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"map_img" text DEFAULT '' NOT NULL,
	"image_src" text DEFAULT '' NOT NULL,
	"image_alt" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"lease_template_url" text DEFAULT '' NOT NULL,
	"sboa_addendum" text DEFAULT '' NOT NULL,
	"sboa_additional_documents" text[] DEFAULT '{}' NOT NULL,
	"general_contact_number" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "resource_versions_created_at_idx" ON "resource_versions" USING btree ("created_at");--> statement-breakpoint
-- The public content API answers from memory while this counter stands still (issue 20): every statement
-- that changes a website-content table moves it in its own transaction, whoever wrote (API, job, SQL).
INSERT INTO "read_versions" ("name", "version") VALUES ('content', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE read_versions SET version = version + 1 WHERE name = 'content';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER states_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER cities_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER questions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER libraries_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON libraries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER blogs_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blogs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER pages_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER marketing_features_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON marketing_features
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER unit_filters_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON unit_filters
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER settings_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER reviews_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- Unit types keep their filters' keys beside the ids: a renamed key is renamed there, a deleted filter
-- leaves them, whatever made the change.
CREATE OR REPLACE FUNCTION sync_unit_type_filters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE location_unit_types
      SET unit_filter_ids = array_remove(unit_filter_ids, OLD.id),
          unit_filter_keys = array_remove(unit_filter_keys, OLD.filter_key)
      WHERE OLD.id = ANY(unit_filter_ids);
    RETURN OLD;
  END IF;
  IF NEW.filter_key IS DISTINCT FROM OLD.filter_key THEN
    UPDATE location_unit_types
      SET unit_filter_keys = array_replace(unit_filter_keys, OLD.filter_key, NEW.filter_key)
      WHERE OLD.id = ANY(unit_filter_ids);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER unit_filters_sync_unit_types AFTER UPDATE OR DELETE ON unit_filters
  FOR EACH ROW EXECUTE FUNCTION sync_unit_type_filters();
