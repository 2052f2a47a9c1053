ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "lease_expires_at" timestamp with time zone;