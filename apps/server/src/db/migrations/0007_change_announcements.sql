-- Change announcements (docs/decisions/023-shared-read-caches.md): each server instance keeps
-- rarely changed reads (the catalogue, the business profile and hours, who a session belongs
-- to) in memory and LISTENs on "pitstop_changes"; these triggers announce every committed change
-- to the rows behind them, so every instance forgets what changed, whoever wrote it.
CREATE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pitstop_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- "<table>:<user id>". One function per column name: reading OLD's column directly, never the
-- whole row (a profile row carries its photo).
CREATE FUNCTION "announce_user_id_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pitstop_changes', TG_TABLE_NAME || ':' || coalesce(OLD.user_id, ''));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "announce_user_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pitstop_changes', TG_TABLE_NAME || ':' || OLD.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "services_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "business_profile_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_profile" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "business_hours_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_hours" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
-- A new session or profile has nothing cached yet: only changes and deletions are announced.
CREATE TRIGGER "auth_session_announce" AFTER UPDATE OR DELETE ON "auth_session" FOR EACH ROW EXECUTE FUNCTION "announce_user_id_change"();--> statement-breakpoint
CREATE TRIGGER "auth_user_announce" AFTER UPDATE OR DELETE ON "auth_user" FOR EACH ROW EXECUTE FUNCTION "announce_user_row_change"();--> statement-breakpoint
CREATE TRIGGER "user_profiles_announce" AFTER UPDATE OR DELETE ON "user_profiles" FOR EACH ROW EXECUTE FUNCTION "announce_user_id_change"();--> statement-breakpoint
-- Truncating a user table (tests, a restore) forgets every cached session.
CREATE TRIGGER "auth_session_announce_truncate" AFTER TRUNCATE ON "auth_session" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "auth_user_announce_truncate" AFTER TRUNCATE ON "auth_user" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "user_profiles_announce_truncate" AFTER TRUNCATE ON "user_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
