-- The operator audit log is append-only, and the database says so: whoever connects (a server, the
-- CLI, psql with the application's role) can add rows but never change or remove one.
CREATE FUNCTION "arcana_operator_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only: % refused', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "operator_audit"
  FOR EACH ROW EXECUTE FUNCTION "arcana_operator_audit_append_only"();
--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_truncate" BEFORE TRUNCATE ON "operator_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "arcana_operator_audit_append_only"();
