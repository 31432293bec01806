ALTER TABLE "user_profiles" DROP CONSTRAINT "user_profiles_service_area_check";--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "service_areas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "road_factor_percent" integer DEFAULT 130 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "average_speed_mph" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "min_travel_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "home_zip" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "service_area_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_road_factor_check" CHECK ("business_profile"."road_factor_percent" between 100 and 300);--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_average_speed_check" CHECK ("business_profile"."average_speed_mph" between 5 and 75);--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_min_travel_check" CHECK ("business_profile"."min_travel_minutes" between 0 and 120);--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_home_zip_check" CHECK (home_zip is null or home_zip ~ '^[0-9]{5}$');--> statement-breakpoint
-- The fixed list becomes the business's own: the footer's four names, then any other name a
-- technician was given, each with a stable id and no ZIPs yet (so every ZIP is still served).
UPDATE "business_profile" SET "service_areas" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', gen_random_uuid()::text, 'name', name, 'zips', '[]'::jsonb) ORDER BY position, name), '[]'::jsonb)
  FROM (
    SELECT name, position FROM (VALUES ('Downtown', 0), ('Suburbs', 1), ('Business District', 2), ('Metropolitan Area', 3)) AS defaults(name, position)
    UNION
    SELECT DISTINCT service_area, 4 FROM "user_profiles"
    WHERE service_area IS NOT NULL AND service_area NOT IN ('Downtown', 'Suburbs', 'Business District', 'Metropolitan Area')
  ) AS names
);--> statement-breakpoint
-- Each technician covers the area they had, now by its id.
UPDATE "user_profiles" AS p SET "service_area_ids" = ARRAY[area->>'id']
FROM "business_profile" AS b, jsonb_array_elements(b.service_areas) AS area
WHERE p.service_area IS NOT NULL AND area->>'name' = p.service_area;
