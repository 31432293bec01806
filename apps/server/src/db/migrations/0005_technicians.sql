-- Services added on site (issue 12) are appointments of the visit that the customer still owes:
-- every appointment now knows its price and whether it is paid. Those created before were paid
-- at checkout; their price comes from the booking's own record of what was charged.
ALTER TABLE "appointments" ADD COLUMN "price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "paid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "appointments" AS a SET "price_cents" = (s.value->>'priceCents')::integer FROM "bookings" AS b, jsonb_array_elements(b."services") AS s WHERE a."booking_id" = b."id" AND s.value->>'id' = a."service_id";--> statement-breakpoint
CREATE INDEX "appointments_unpaid_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."paid" = false;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_price_check" CHECK ("appointments"."price_cents" >= 0);
