CREATE TABLE "balance_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" text,
	"appointment_ids" jsonb NOT NULL,
	"line_items" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "balance_payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "balance_payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "balance_payments_amount_check" CHECK ("balance_payments"."amount_cents" > 0),
	CONSTRAINT "balance_payments_provider_check" CHECK (provider in ('local', 'stripe')),
	CONSTRAINT "balance_payments_status_check" CHECK (status in ('pending', 'paid', 'expired'))
);
--> statement-breakpoint
DROP INDEX "local_checkout_sessions_booking_idx";--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD COLUMN "balance_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "balance_payments" ADD CONSTRAINT "balance_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_payments" ADD CONSTRAINT "balance_payments_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_payments_booking_idx" ON "balance_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_payments_pending_idx" ON "balance_payments" USING btree ("booking_id") WHERE "balance_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "balance_payments_paid_idx" ON "balance_payments" USING btree ("paid_at");--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD CONSTRAINT "local_checkout_sessions_balance_payment_id_balance_payments_id_fk" FOREIGN KEY ("balance_payment_id") REFERENCES "public"."balance_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_balance_idx" ON "local_checkout_sessions" USING btree ("balance_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_booking_idx" ON "local_checkout_sessions" USING btree ("booking_id") WHERE "local_checkout_sessions"."balance_payment_id" is null;