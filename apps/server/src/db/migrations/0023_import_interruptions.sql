ALTER TABLE "contact_imports" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A failed import wrote nothing (its transaction was rolled back), but its row could keep the
-- counts its lease's heartbeat had stored on the way: show what exists, nothing. An import that
-- failed because every row had a problem kept its problem rows, and its counts are true.
UPDATE "contact_imports" SET "processed_rows" = 0, "created_count" = 0, "updated_count" = 0,
  "skipped_count" = 0, "failed_count" = 0, "warning_count" = 0
WHERE "status" = 'failed'
  AND NOT EXISTS (SELECT 1 FROM "contact_import_errors" e WHERE e."import_id" = "contact_imports"."id");
