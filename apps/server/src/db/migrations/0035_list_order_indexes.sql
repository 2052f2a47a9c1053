DROP INDEX "contacts_business_created_idx";--> statement-breakpoint
DROP INDEX "enquiries_contact_created_idx";--> statement-breakpoint
DROP INDEX "enquiries_business_created_idx";--> statement-breakpoint
DROP INDEX "enquiries_business_status_created_idx";--> statement-breakpoint
CREATE INDEX "contacts_business_created_idx" ON "contacts" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_contact_created_idx" ON "enquiries" USING btree ("business_id","contact_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_business_created_idx" ON "enquiries" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_business_status_created_idx" ON "enquiries" USING btree ("business_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);