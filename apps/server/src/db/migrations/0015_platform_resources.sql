CREATE TABLE "platform_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"platform_id" text NOT NULL,
	"business_id" uuid,
	"role" text,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_resources" ADD CONSTRAINT "platform_resources_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_resources_kind_platform_id_key" ON "platform_resources" USING btree ("kind","platform_id");--> statement-breakpoint
CREATE INDEX "platform_resources_business_kind_idx" ON "platform_resources" USING btree ("business_id","kind","created_at");