-- Slots by technicians' schedules read each date's technicians and visits from memory
-- (features/visits/technician-fit.ts, lib/read-cache.ts): a change to a booking or a working day
-- is announced, so every server forgets those days at once. One announcement per statement; an
-- update only when it sets a column the days are read from (not "on my way", the vehicle, ...).
CREATE TRIGGER "bookings_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "kind", "status", "starts_at", "ends_at", "hold_expires_at", "technician_id", "zip_code" ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "technician_working_days_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "technician_working_days" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
