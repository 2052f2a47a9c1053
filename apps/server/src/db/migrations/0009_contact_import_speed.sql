ALTER TABLE "contacts" DROP CONSTRAINT "contacts_import_id_contact_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || ' ' || coalesce(email, '') || ' ' || coalesce(translate(phone, '+', ''), '')) STORED;