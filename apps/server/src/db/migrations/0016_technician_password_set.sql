-- When a technician chose their password through the app, so onboarding can offer to keep it.
-- Technicians who chose one before this column (through the invitation's link, or at onboarding)
-- get the moment the audit log recorded.
ALTER TABLE "user_profiles" ADD COLUMN "password_set_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_profiles" SET "password_set_at" = "chosen"."at"
  FROM (
    SELECT "entity_id", max("created_at") AS "at"
    FROM "audit_log"
    WHERE "entity" = 'technician'
      AND "action" IN ('technician.password.set', 'technician.onboarding')
    GROUP BY "entity_id"
  ) AS "chosen"
  WHERE "user_profiles"."role" = 'technician'
    AND "user_profiles"."id"::text = "chosen"."entity_id";
