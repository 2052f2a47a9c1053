ALTER TABLE "contact_imports" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "other_phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "other_emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "country" text;