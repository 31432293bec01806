-- No route wrote vehicles before this migration, so every stored year is the booking form's four digits or none.
ALTER TABLE "vehicles" ALTER COLUMN "year" SET DATA TYPE integer USING "year"::integer;--> statement-breakpoint
UPDATE "vehicles" SET "license_plate" = upper(trim("license_plate"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_user_plate_idx" ON "vehicles" USING btree ("user_id",regexp_replace(upper("license_plate"), '[^A-Z0-9]', '', 'g'));--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_year_check" CHECK (year between 1900 and 2100);
