ALTER TABLE "bookings" ADD COLUMN "technician_id" uuid;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "slot_mode" text DEFAULT 'capacity' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_technician_id_user_profiles_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_technician_idx" ON "bookings" USING btree ("technician_id","starts_at") WHERE "bookings"."technician_id" is not null;--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_slot_mode_check" CHECK (slot_mode in ('capacity', 'technicians'));--> statement-breakpoint
-- A visit already given to a technician takes that technician's day.
UPDATE "bookings" AS b SET "technician_id" = a.technician_id
FROM (
  SELECT DISTINCT ON (booking_id) booking_id, technician_id FROM "appointments"
  WHERE booking_id IS NOT NULL AND technician_id IS NOT NULL AND status <> 'cancelled'
  ORDER BY booking_id, created_at
) AS a
WHERE a.booking_id = b.id;
