-- A role between owner and member (decision 051). No data changes: every existing member stays a member, who may neither spend money nor delete on the voice platform, until an owner makes them a manager.
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_business_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'owner', 'manager', 'member'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_business_check" CHECK (("users"."role" = 'admin' and "users"."business_id" is null) or ("users"."role" in ('owner', 'manager', 'member') and "users"."business_id" is not null));