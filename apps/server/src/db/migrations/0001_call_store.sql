CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_assistant_id" text NOT NULL,
	"business_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"phone_number" text,
	"phone_number_id" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_platform_assistant_id_unique" UNIQUE("platform_assistant_id")
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" text PRIMARY KEY NOT NULL,
	"assistant_id" text,
	"phone_number_id" text,
	"type" text,
	"call_type" text GENERATED ALWAYS AS (case type when 'inboundPhoneCall' then 'inbound' when 'outboundPhoneCall' then 'outbound' else 'web' end) STORED,
	"status" text,
	"ended_reason" text,
	"success_evaluation" text,
	"customer_number" text,
	"customer_digits" text GENERATED ALWAYS AS (nullif(regexp_replace(coalesce(customer_number, ''), '[^0-9]', '', 'g'), '')) STORED,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" double precision GENERATED ALWAYS AS (case when ended_at >= started_at then extract(epoch from (ended_at - started_at))::double precision end) STORED,
	"cost" double precision,
	"outcome" text GENERATED ALWAYS AS (case
        when nullif(btrim(success_evaluation), '') is not null
          then case when lower(btrim(success_evaluation)) = 'true' then 'pass' else 'fail' end
        when ended_reason = 'customer-ended-call' and ended_at - started_at > interval '30 seconds'
          then 'pass'
        else 'fail'
      end) STORED,
	"transferred" boolean GENERATED ALWAYS AS (coalesce(ended_reason ~* '(transfer|forwarded|escalat)', false)) STORED,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"job" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"cursor_updated_at" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"rows_fetched" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"pages_fetched" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_business_idx" ON "agents" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "calls_assistant_created_idx" ON "calls" USING btree ("assistant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_assistant_outcome_created_idx" ON "calls" USING btree ("assistant_id","outcome","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_assistant_transferred_created_idx" ON "calls" USING btree ("assistant_id","created_at" DESC NULLS LAST) WHERE transferred;--> statement-breakpoint
CREATE INDEX "calls_assistant_customer_idx" ON "calls" USING btree ("assistant_id","customer_digits");--> statement-breakpoint
CREATE INDEX "calls_updated_idx" ON "calls" USING btree ("updated_at");