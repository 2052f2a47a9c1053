ALTER TABLE "contact_import_errors" ADD COLUMN "kind" text DEFAULT 'failed' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "header_key" text;--> statement-breakpoint
CREATE INDEX "contact_imports_business_header_idx" ON "contact_imports" USING btree ("business_id","header_key");