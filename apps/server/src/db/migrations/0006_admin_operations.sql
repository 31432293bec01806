-- Issue 13 (running the business). The staff's appointment search matches customer and service
-- text anywhere in them: a trigram index (pg_trgm, a trusted extension shipped with PostgreSQL and
-- PGlite) keeps it fast at a million rows, and an index in the customer sort's order pages that
-- sort without sorting every match. Appointments carry their booking's "over capacity" flag so
-- the list can show and filter it without reading bookings. Technician status changes are kept
-- (by a trigger, whatever path changes them) so the dashboard can say who was on duty yesterday.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "technician_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_status_changes_status_check" CHECK (status in ('available', 'on-job', 'off-duty'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "over_capacity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "appointments" AS a SET "over_capacity" = true FROM "bookings" AS b WHERE a."booking_id" = b."id" AND b."over_capacity" = true;--> statement-breakpoint
ALTER TABLE "technician_status_changes" ADD CONSTRAINT "technician_status_changes_profile_id_user_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technician_status_changes_profile_idx" ON "technician_status_changes" USING btree ("profile_id","changed_at");--> statement-breakpoint
CREATE INDEX "technician_status_changes_changed_idx" ON "technician_status_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_name","starts_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "appointments_search_idx" ON "appointments" USING gin (("customer_name" || ' ' || "service_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_over_capacity_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."over_capacity" = true;--> statement-breakpoint
CREATE INDEX "appointments_completed_idx" ON "appointments" USING btree ("completed_at") WHERE "appointments"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("order_date");--> statement-breakpoint
CREATE FUNCTION "record_technician_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."role" = 'technician' AND (TG_OP = 'INSERT' OR OLD."technician_status" IS DISTINCT FROM NEW."technician_status" OR OLD."role" IS DISTINCT FROM NEW."role") THEN
    INSERT INTO "technician_status_changes" ("profile_id", "status") VALUES (NEW."id", NEW."technician_status");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_profiles_technician_status" AFTER INSERT OR UPDATE OF "technician_status", "role" ON "user_profiles" FOR EACH ROW EXECUTE FUNCTION "record_technician_status"();--> statement-breakpoint
INSERT INTO "technician_status_changes" ("profile_id", "status") SELECT "id", "technician_status" FROM "user_profiles" WHERE "role" = 'technician';
