ALTER TABLE "business_profile" ADD COLUMN "reschedule_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "reschedule_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "cancel_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "cancel_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "late_cancellation" text DEFAULT 'no-refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "late_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "late_fee_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_cutoffs_check" CHECK ("business_profile"."reschedule_cutoff_hours" between 0 and 720 and "business_profile"."cancel_cutoff_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_late_cancellation_check" CHECK (late_cancellation in ('no-refund', 'fixed-fee', 'percentage'));--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_late_fee_cents_check" CHECK ("business_profile"."late_fee_cents" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_late_fee_percent_check" CHECK ("business_profile"."late_fee_percent" between 0 and 100);