-- Servers cache signed-in members' sessions (PostgreSQL only) and drop an entry when its member's
-- row or one of their sessions changes: these triggers say so on the `arcana_member_changed`
-- channel, whoever made the change (any server, the CLI, psql). See docs/decisions/0011.
CREATE FUNCTION "arcana_member_changed_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('arcana_member_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "arcana_member_changed_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('arcana_member_changed', OLD.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_member_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "arcana_member_changed_users"();
--> statement-breakpoint
CREATE TRIGGER "sessions_member_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "arcana_member_changed_sessions"();
