CREATE TABLE "landing_pages" (
	"short_name" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"header_image_src" text DEFAULT '' NOT NULL,
	"image_alt" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"zoom_level" integer DEFAULT 1 NOT NULL,
	"facilities_ids" integer[] NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION landing_pages_check_facilities() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  SELECT wanted INTO missing FROM unnest(NEW.facilities_ids) AS wanted
    WHERE NOT EXISTS (SELECT 1 FROM locations WHERE locations.id = wanted) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'landing page names a facility that does not exist'
      USING ERRCODE = 'foreign_key_violation',
        DETAIL = format('Key (facilities_ids)=(%s) is not present in table "locations".', missing);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER landing_pages_check_facilities BEFORE INSERT OR UPDATE OF facilities_ids ON landing_pages
  FOR EACH ROW EXECUTE FUNCTION landing_pages_check_facilities();
