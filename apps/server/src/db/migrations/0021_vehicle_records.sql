CREATE TABLE "maintenance_reminders" (
	"vehicle_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"service_id" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_reminders_vehicle_id_due_on_pk" PRIMARY KEY("vehicle_id","due_on")
);
--> statement-breakpoint
CREATE TABLE "visit_records" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"odometer_miles" integer NOT NULL,
	"oil_used" text,
	"note" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_records_odometer_check" CHECK ("visit_records"."odometer_miles" between 0 and 2000000),
	CONSTRAINT "visit_records_oil_check" CHECK ("visit_records"."oil_used" is null or length("visit_records"."oil_used") <= 60),
	CONSTRAINT "visit_records_note_check" CHECK ("visit_records"."note" is null or length("visit_records"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_vin" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "maintenance_reminder_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "interval_miles" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "interval_months" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_recorded_by_user_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_vehicle_idx" ON "bookings" USING btree ("vehicle_id","starts_at") WHERE "bookings"."vehicle_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_user_vin_idx" ON "vehicles" USING btree ("user_id","vin") WHERE "vehicles"."vin" is not null;--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_maintenance_days_check" CHECK ("business_profile"."maintenance_reminder_days" between 0 and 90);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_interval_check" CHECK (("services"."interval_miles" is null or "services"."interval_miles" between 100 and 100000) and ("services"."interval_months" is null or "services"."interval_months" between 1 and 60));--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_vin_check" CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$');--> statement-breakpoint
-- The built-in services' maintenance intervals, where an admin has not set any.
UPDATE "services" SET "interval_miles" = 3000, "interval_months" = 3 WHERE "id" = 'basic-oil-change' AND "interval_miles" IS NULL AND "interval_months" IS NULL;--> statement-breakpoint
UPDATE "services" SET "interval_miles" = 7500, "interval_months" = 6 WHERE "id" = 'synthetic-oil-change' AND "interval_miles" IS NULL AND "interval_months" IS NULL;--> statement-breakpoint
UPDATE "services" SET "interval_miles" = 5000, "interval_months" = 6 WHERE "id" = 'high-mileage' AND "interval_miles" IS NULL AND "interval_months" IS NULL;--> statement-breakpoint
UPDATE "services" SET "interval_miles" = 7500, "interval_months" = 6 WHERE "id" = 'maintenance' AND "interval_miles" IS NULL AND "interval_months" IS NULL;--> statement-breakpoint
UPDATE "services" SET "interval_months" = 12 WHERE "id" = 'battery-service' AND "interval_miles" IS NULL AND "interval_months" IS NULL;
