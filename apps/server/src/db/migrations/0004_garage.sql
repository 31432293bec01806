-- No route wrote vehicles before this migration (the booking form only reads a garage), so the table is empty wherever the product ran; a row typed in by hand must hold a four-digit year.
ALTER TABLE "vehicles" ALTER COLUMN "year" SET DATA TYPE integer USING "year"::integer;--> statement-breakpoint
UPDATE "vehicles" SET "license_plate" = upper(trim("license_plate"));--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "photo_updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_profiles" SET "photo_updated_at" = "updated_at" WHERE "photo" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_photo_version_check" CHECK ((photo is null) = (photo_updated_at is null));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_user_plate_idx" ON "vehicles" USING btree ("user_id",regexp_replace(upper("license_plate"), '[^A-Z0-9]', '', 'g'));--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_year_check" CHECK (year between 1900 and 2100);
