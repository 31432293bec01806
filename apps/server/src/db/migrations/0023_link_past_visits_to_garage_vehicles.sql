-- Visits paid before visits knew their vehicle (decision 034): each is linked to its customer's
-- garage vehicle when exactly one of them is plainly the same car, so their service history and
-- next due date count from the start. The same car: the plate as the garage compares plates, the
-- same make and model, and no VIN that disagrees. Nothing is created, and nothing ambiguous linked.
UPDATE "bookings" AS b
SET "vehicle_id" = matched."vehicle_id"
FROM (
  SELECT b2."id" AS "booking_id", min(v."id"::text)::uuid AS "vehicle_id"
  FROM "bookings" AS b2
  JOIN "vehicles" AS v
    ON v."user_id" = b2."user_id"
   AND regexp_replace(upper(v."license_plate"), '[^A-Z0-9]', '', 'g')
     = regexp_replace(upper(b2."license_plate"), '[^A-Z0-9]', '', 'g')
   AND lower(trim(v."make")) = lower(trim(b2."vehicle_make"))
   AND lower(trim(v."model")) = lower(trim(b2."vehicle_model"))
   AND (v."vin" IS NULL OR b2."vehicle_vin" IS NULL OR v."vin" = upper(b2."vehicle_vin"))
  WHERE b2."vehicle_id" IS NULL
    AND b2."user_id" IS NOT NULL
    AND b2."status" = 'paid'
    AND b2."license_plate" IS NOT NULL
  GROUP BY b2."id"
  HAVING count(*) = 1
) AS matched
WHERE b."id" = matched."booking_id";
