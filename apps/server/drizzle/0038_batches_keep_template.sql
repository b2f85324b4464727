ALTER TABLE "lease_termination_batches" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "lease_termination_batches" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD COLUMN "message_parts" jsonb;--> statement-breakpoint
ALTER TABLE "lease_termination_batches" ADD CONSTRAINT "lease_termination_batches_template_id_communication_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."communication_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_template_id_communication_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."communication_templates"("id") ON DELETE no action ON UPDATE no action;