ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_business_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'owner', 'member'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_business_check" CHECK (("users"."role" = 'admin' and "users"."business_id" is null) or ("users"."role" in ('owner', 'member') and "users"."business_id" is not null));--> statement-breakpoint
-- Hand-written (not generated): every business had one login, its first user, who becomes its owner and takes the point of contact as their name.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'member';--> statement-breakpoint
UPDATE "users" SET "name" = "businesses"."point_of_contact" FROM "businesses" WHERE "users"."business_id" = "businesses"."id" AND "users"."name" = '';
