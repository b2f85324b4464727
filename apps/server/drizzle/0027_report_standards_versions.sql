-- A brand standard's name shows in each report sent from memory (GET /api/brands_reports/{id}), so a change to the
-- checklist moves the facility_figures counter too (issue 17, decision 010).
CREATE TRIGGER brand_standards_facility_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand_standards
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facility_figures();
