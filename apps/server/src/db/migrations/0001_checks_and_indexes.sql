CREATE INDEX "bookings_status_hold_idx" ON "bookings" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "local_checkout_sessions_booking_idx" ON "local_checkout_sessions" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_from_check" CHECK (from_status is null or from_status in ('scheduled', 'in-progress', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_to_check" CHECK (to_status in ('scheduled', 'in-progress', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_check" CHECK ("appointments"."duration_minutes" > 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_duration_check" CHECK ("bookings"."duration_minutes" > 0);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_attempts_check" CHECK ("email_outbox"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD CONSTRAINT "local_checkout_amount_check" CHECK ("local_checkout_sessions"."amount_total" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_sort_order_check" CHECK ("services"."sort_order" >= 0);--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_service_area_check" CHECK (service_area is null or service_area in ('Downtown', 'Suburbs', 'Business District', 'Metropolitan Area', 'North Side', 'South Side', 'East Side', 'West Side'));