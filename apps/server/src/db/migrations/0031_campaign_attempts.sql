CREATE TABLE "campaign_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"campaign_contact_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"call_id" text NOT NULL,
	"platform_campaign_id" text,
	"status" text NOT NULL,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "fields" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD COLUMN "variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "retry_on" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "retry_gap_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_attempts" ADD CONSTRAINT "campaign_attempts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_attempts" ADD CONSTRAINT "campaign_attempts_campaign_contact_id_campaign_contacts_id_fk" FOREIGN KEY ("campaign_contact_id") REFERENCES "public"."campaign_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_attempts_call_key" ON "campaign_attempts" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "campaign_attempts_campaign_idx" ON "campaign_attempts" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_attempts_contact_idx" ON "campaign_attempts" USING btree ("campaign_contact_id","attempt");--> statement-breakpoint
INSERT INTO "campaign_attempts" ("campaign_id", "campaign_contact_id", "attempt", "call_id", "platform_campaign_id", "status", "ended_reason", "created_at", "ended_at")
  SELECT "campaign_id", "id", 1, "call_id", "platform_campaign_id", "status", "ended_reason", "updated_at", CASE WHEN "status" <> 'calling' THEN "updated_at" END
  FROM "campaign_contacts" WHERE "call_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "campaign_contacts" SET "attempts" = 1 WHERE "call_id" IS NOT NULL;
