-- The staff's search (docs/performance.md): its text is matched among the distinct customer and
-- service names appointments have carried, then the appointments are found by name through
-- b-trees. A trigram index over the appointments themselves answered a common name by walking
-- trigram lists as long as the whole history.
CREATE TABLE "appointment_search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "appointment_search_terms" ("term")
  SELECT "customer_name" FROM "appointments" UNION SELECT "service_name" FROM "appointments";--> statement-breakpoint
CREATE INDEX "appointment_search_terms_trgm_idx" ON "appointment_search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_service_name_idx" ON "appointments" USING btree ("service_name");--> statement-breakpoint
DROP INDEX "appointments_search_idx";--> statement-breakpoint
-- Whoever writes an appointment (the API, a script, hand-run SQL), its names become terms: once
-- per statement, from the rows it wrote. In order, so that two transactions adding the same new
-- names wait for each other instead of deadlocking. A term is never removed: a name no
-- appointment carries any more matches nothing.
CREATE FUNCTION "remember_appointment_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "appointment_search_terms" ("term")
    SELECT "term" FROM (
      SELECT "customer_name" AS "term" FROM "written" UNION SELECT "service_name" FROM "written"
    ) AS "names"
    ORDER BY "term"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_search_terms_insert" AFTER INSERT ON "appointments" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "remember_appointment_search_terms"();--> statement-breakpoint
CREATE TRIGGER "appointments_search_terms_update" AFTER UPDATE ON "appointments" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "remember_appointment_search_terms"();
