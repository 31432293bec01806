CREATE TABLE "setup_code" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_code_singleton" CHECK ("setup_code"."id" = 1)
);
