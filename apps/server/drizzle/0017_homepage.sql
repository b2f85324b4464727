CREATE TABLE "homepage_contents" (
	"id" integer PRIMARY KEY NOT NULL,
	"title1" text DEFAULT '' NOT NULL,
	"title2" text DEFAULT '' NOT NULL,
	"title3" text DEFAULT '' NOT NULL,
	"hero_subheader" text DEFAULT '' NOT NULL,
	"hero_body" text DEFAULT '' NOT NULL,
	"page_subheader" text DEFAULT '' NOT NULL,
	"page_body" text DEFAULT '' NOT NULL,
	"review_header" text DEFAULT '' NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
