CREATE TABLE "enquiry_inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_by_user_id" uuid,
	"cause" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mailbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reply_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_inbound_messages" ADD CONSTRAINT "enquiry_inbound_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_inbound_messages" ADD CONSTRAINT "enquiry_inbound_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_status_changes" ADD CONSTRAINT "enquiry_status_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_status_changes" ADD CONSTRAINT "enquiry_status_changes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_status_changes" ADD CONSTRAINT "enquiry_status_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_inbound_enquiry_received_idx" ON "enquiry_inbound_messages" USING btree ("enquiry_id","received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_inbound_message_idx" ON "enquiry_inbound_messages" USING btree ("enquiry_id","message_id");--> statement-breakpoint
CREATE INDEX "enquiry_status_changes_enquiry_idx" ON "enquiry_status_changes" USING btree ("enquiry_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_reply_token_idx" ON "enquiries" USING btree ("reply_token");--> statement-breakpoint
-- hand-written: what test calls recorded before this migration is marked as well (a contact
-- only when every enquiry and appointment it has came from test calls).
UPDATE "enquiries" e SET "is_test" = true FROM "calls" c WHERE c."id" = e."call_id" AND c."is_test";--> statement-breakpoint
UPDATE "appointments" a SET "is_test" = true FROM "calls" c WHERE c."id" = a."call_id" AND c."is_test";--> statement-breakpoint
UPDATE "contacts" k SET "is_test" = true WHERE k."source" = 'call'
  AND EXISTS (SELECT 1 FROM "enquiries" e WHERE e."contact_id" = k."id" AND e."is_test"
    UNION ALL SELECT 1 FROM "appointments" a WHERE a."contact_id" = k."id" AND a."is_test")
  AND NOT EXISTS (SELECT 1 FROM "enquiries" e WHERE e."contact_id" = k."id" AND NOT e."is_test"
    UNION ALL SELECT 1 FROM "appointments" a WHERE a."contact_id" = k."id" AND NOT a."is_test");
