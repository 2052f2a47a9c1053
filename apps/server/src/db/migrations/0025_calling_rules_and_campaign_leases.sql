CREATE TABLE "calling_rules" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"allowed_countries" jsonb,
	"allowed_number_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"daily_call_cap" integer,
	"daily_minute_cap" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dial_usage" (
	"business_id" uuid NOT NULL,
	"day" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dial_usage_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "reserved_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "reserved_day" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_rules" ADD CONSTRAINT "calling_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dial_usage" ADD CONSTRAINT "dial_usage_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;