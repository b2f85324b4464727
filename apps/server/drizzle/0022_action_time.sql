ALTER TABLE "audit_log" ADD COLUMN "acted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_activities" ADD COLUMN "acted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands_reports" ADD COLUMN "acted_at" timestamp with time zone;