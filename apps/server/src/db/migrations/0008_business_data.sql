CREATE TABLE "email_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"outbox_id" uuid,
	"sent_by_user_id" uuid,
	"idempotency_key" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"assistant_id" text,
	"call_id" text,
	"tool_call_id" text,
	"subject" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"assistant_id" text,
	"call_id" text,
	"tool_call_id" text,
	"service" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poc" text NOT NULL,
	"business_name" text NOT NULL,
	"country" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_logs_enquiry_created_idx" ON "email_logs" USING btree ("enquiry_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "email_logs_outbox_idx" ON "email_logs" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_logs_idempotency_idx" ON "email_logs" USING btree ("business_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "enquiries_contact_created_idx" ON "enquiries" USING btree ("business_id","contact_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "enquiries_business_created_idx" ON "enquiries" USING btree ("business_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "enquiries_business_status_created_idx" ON "enquiries" USING btree ("business_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "enquiries_unread_idx" ON "enquiries" USING btree ("business_id","assistant_id") WHERE not is_read;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_tool_call_idx" ON "enquiries" USING btree ("business_id","tool_call_id") WHERE tool_call_id is not null;--> statement-breakpoint
CREATE INDEX "appointments_business_starts_idx" ON "appointments" USING btree ("business_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_business_status_starts_idx" ON "appointments" USING btree ("business_id","status","starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_contact_starts_idx" ON "appointments" USING btree ("contact_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_business_assistant_starts_idx" ON "appointments" USING btree ("business_id","assistant_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_tool_call_idx" ON "appointments" USING btree ("business_id","tool_call_id") WHERE tool_call_id is not null;--> statement-breakpoint
CREATE INDEX "service_enquiries_created_idx" ON "service_enquiries" USING btree ("created_at" DESC NULLS LAST,"id");