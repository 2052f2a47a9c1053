CREATE TABLE "campaign_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"platform_campaign_id" text,
	"call_id" text,
	"ended_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"agent_id" text,
	"squad_id" text,
	"phone_number_id" text NOT NULL,
	"audience" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"calling_hours_start" integer NOT NULL,
	"calling_hours_end" integer NOT NULL,
	"time_zone" text NOT NULL,
	"max_concurrency" integer NOT NULL,
	"skipped_do_not_call" integer DEFAULT 0 NOT NULL,
	"skipped_duplicates" integer DEFAULT 0 NOT NULL,
	"skipped_no_phone" integer DEFAULT 0 NOT NULL,
	"platform_campaign_id" text,
	"window_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "do_not_call" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_contacts_campaign_phone_key" ON "campaign_contacts" USING btree ("campaign_id","phone");--> statement-breakpoint
CREATE INDEX "campaign_contacts_campaign_status_idx" ON "campaign_contacts" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_contacts_platform_phone_idx" ON "campaign_contacts" USING btree ("platform_campaign_id","phone") WHERE platform_campaign_id is not null;--> statement-breakpoint
CREATE INDEX "campaigns_business_created_idx" ON "campaigns" USING btree ("business_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_window_idx" ON "campaigns" USING btree ("window_ends_at") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "enquiries_call_idx" ON "enquiries" USING btree ("call_id") WHERE call_id is not null;--> statement-breakpoint
CREATE INDEX "appointments_call_idx" ON "appointments" USING btree ("call_id") WHERE call_id is not null;