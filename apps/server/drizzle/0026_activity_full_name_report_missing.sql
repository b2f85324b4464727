ALTER TABLE "task_activities" ADD COLUMN "source_full_name" text;--> statement-breakpoint
ALTER TABLE "brands_reports" ADD COLUMN "missing_standards" jsonb;