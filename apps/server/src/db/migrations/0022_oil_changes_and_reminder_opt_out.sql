ALTER TABLE "services" ADD COLUMN "includes_oil_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "reminders_off_at" timestamp with time zone;--> statement-breakpoint
-- The built-in services that change the oil (Basic Maintenance includes a synthetic oil change).
UPDATE "services" SET "includes_oil_change" = true WHERE "id" IN ('basic-oil-change', 'synthetic-oil-change', 'high-mileage', 'maintenance');
