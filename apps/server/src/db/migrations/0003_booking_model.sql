CREATE TABLE "booking_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_status_history_from_check" CHECK (from_status is null or from_status in ('pending_payment', 'paid', 'expired', 'cancelled')),
	CONSTRAINT "booking_status_history_to_check" CHECK (to_status in ('pending_payment', 'paid', 'expired', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "appointments_booking_idx";--> statement-breakpoint
DROP INDEX "local_checkout_sessions_booking_idx";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "appointment_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "appointment_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "city" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "zip_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "vehicle_make" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "vehicle_model" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "vehicle_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "vehicle_color" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "license_plate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- Rows written before this migration get their moment from the business zone of today.
UPDATE "appointments" SET "starts_at" = ("appointment_date" + "appointment_time"::time) at time zone coalesce((select time_zone from business_profile where id = 1), 'America/New_York');--> statement-breakpoint
UPDATE "appointments" SET "ends_at" = "starts_at" + make_interval(mins => "duration_minutes");--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" text DEFAULT 'visit' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "idempotency_key" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "over_capacity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "duration_minutes" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "starts_at" = ("appointment_date" + "appointment_time"::time) at time zone coalesce((select time_zone from business_profile where id = 1), 'America/New_York') WHERE "appointment_date" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "ends_at" = "starts_at" + make_interval(mins => "duration_minutes") WHERE "starts_at" IS NOT NULL;--> statement-breakpoint
-- The same rule as parseDurationMinutes in packages/shared: a range is averaged, anything else 45.
UPDATE "services" SET "duration_minutes" = CASE
  WHEN "duration" ~* '^\s*[0-9]+(\.[0-9]+)?\s*-\s*[0-9]+(\.[0-9]+)?\s*(minutes?|mins?)?\s*$'
    THEN greatest(1, round((substring("duration" from '^\s*([0-9]+(?:\.[0-9]+)?)')::numeric + substring("duration" from '-\s*([0-9]+(?:\.[0-9]+)?)')::numeric) / 2))
  WHEN "duration" ~* '^\s*[0-9]+(\.[0-9]+)?\s*(minutes?|mins?)?\s*$'
    THEN greatest(1, round(substring("duration" from '^\s*([0-9]+(?:\.[0-9]+)?)')::numeric))
  ELSE 45
END;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_status_history_booking_idx" ON "booking_status_history" USING btree ("booking_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_booking_service_idx" ON "appointments" USING btree ("booking_id","service_id");--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_idempotency_idx" ON "bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_starts_status_idx" ON "bookings" USING btree ("starts_at","status");--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_booking_idx" ON "local_checkout_sessions" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kind_check" CHECK (kind in ('visit', 'pay_now'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_visit_complete" CHECK (kind = 'pay_now' or (appointment_date is not null and appointment_time is not null and starts_at is not null and ends_at is not null and address is not null and city is not null and zip_code is not null and vehicle_make is not null and vehicle_model is not null and vehicle_year is not null and vehicle_color is not null and license_plate is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_moment_order" CHECK ("bookings"."ends_at" is null or "bookings"."ends_at" > "bookings"."starts_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_check" CHECK (provider in ('local', 'stripe'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status in ('paid', 'unpaid', 'no_payment_required'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_provider_check" CHECK (provider in ('local', 'stripe'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_duration_minutes_check" CHECK ("services"."duration_minutes" between 1 and 1440);