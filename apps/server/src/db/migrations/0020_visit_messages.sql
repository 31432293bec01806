CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_ratings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"technician_id" text,
	"token_hash" text NOT NULL,
	"stars" smallint,
	"comment" text,
	"rated_at" timestamp with time zone,
	"followed_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_ratings_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "visit_ratings_stars_check" CHECK ("visit_ratings"."stars" is null or "visit_ratings"."stars" between 1 and 5),
	CONSTRAINT "visit_ratings_answered_check" CHECK (("visit_ratings"."stars" is null) = ("visit_ratings"."rated_at" is null)),
	CONSTRAINT "visit_ratings_comment_check" CHECK ("visit_ratings"."comment" is null or length("visit_ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "texts_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "en_route_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_estimate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "reminder_lead_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "fallback" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_technician_id_auth_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_ratings_technician_idx" ON "visit_ratings" USING btree ("technician_id") WHERE "visit_ratings"."rated_at" is not null;--> statement-breakpoint
CREATE INDEX "visit_ratings_low_idx" ON "visit_ratings" USING btree ("rated_at") WHERE "visit_ratings"."stars" <= 2 and "visit_ratings"."followed_up_at" is null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_booking_idx" ON "email_outbox" USING btree ("booking_id","created_at") WHERE "email_outbox"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_provider_idx" ON "email_outbox" USING btree ("provider_id") WHERE "email_outbox"."provider_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_one_reminder_idx" ON "email_outbox" USING btree ("booking_id","template","channel") WHERE "email_outbox"."status" = 'pending' and "email_outbox"."template" = 'visit-reminder';--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_reminder_lead_check" CHECK ("business_profile"."reminder_lead_hours" between 0 and 168);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_channel_check" CHECK (channel in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sending', 'sent', 'failed', 'withdrawn'));