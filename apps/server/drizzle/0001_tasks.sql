CREATE TABLE "task_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"role" text,
	"source" text NOT NULL,
	"source_username" text NOT NULL,
	"source_user_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"thumbnail_name" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"task_type_id" integer NOT NULL,
	"unit_no" text,
	"prior" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"role" text,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "task_activities" ADD CONSTRAINT "task_activities_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_images" ADD CONSTRAINT "task_images_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_activities_task_idx" ON "task_activities" USING btree ("task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_activities_location_created_idx" ON "task_activities" USING btree ("location_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_images_task_idx" ON "task_images" USING btree ("task_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_types_category_title_unique" ON "task_types" USING btree ("category","title");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_open_duplicate_unique" ON "tasks" USING btree ("location_code","task_type_id",coalesce("unit_no", '')) WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_location_status_created_idx" ON "tasks" USING btree ("location_code","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_closed_location_idx" ON "tasks" USING btree ("location_code","closed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "tasks_open_overview_idx" ON "tasks" USING btree ("location_code","task_type_id","unit_no","role","created_at","updated_at") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_appointment_idx" ON "tasks" USING btree ("appointment_id") WHERE "tasks"."appointment_id" is not null;