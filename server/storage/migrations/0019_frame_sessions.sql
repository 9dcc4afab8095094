CREATE TABLE "embedded_wallet_login_approvals" (
	"email" text NOT NULL,
	"device_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "embedded_wallet_login_approvals_email_device_id_pk" PRIMARY KEY("email","device_id"),
	CONSTRAINT "embedded_wallet_login_approvals_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
-- Social logins in flight were not bound to a frame: they start again.
DELETE FROM "embedded_wallet_social_flows";--> statement-breakpoint
-- Pending device approvals move to their own table (links work 15 minutes; pending ones start again).
DELETE FROM "embedded_wallet_devices" WHERE "approved_at" IS NULL;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD COLUMN "device_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD COLUMN "frame_key_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD COLUMN "user_name" text;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD CONSTRAINT "embedded_wallet_social_flows_user_id_embedded_wallet_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_wallet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallet_devices" DROP COLUMN "approval_token_hash";--> statement-breakpoint
ALTER TABLE "embedded_wallet_devices" DROP COLUMN "approval_expires_at";--> statement-breakpoint
ALTER TABLE "embedded_wallet_devices" DROP COLUMN "code_sent_at";--> statement-breakpoint
ALTER TABLE "embedded_wallet_social_flows" ADD CONSTRAINT "embedded_wallet_social_flows_frame_key_hash_unique" UNIQUE("frame_key_hash");