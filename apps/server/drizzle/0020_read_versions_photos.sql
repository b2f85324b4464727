-- Task photos and report photos move the facility_figures counter too, so the tasks pages and a facility's report
-- archive, which show them, can be sent from memory while exact (issue 17, decision 010).
CREATE TRIGGER task_images_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER brand_standard_reports_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand_standard_reports
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
--> statement-breakpoint
CREATE TRIGGER brand_standard_attachments_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand_standard_attachments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
