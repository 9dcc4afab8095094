CREATE TABLE "deposit_key_counters" (
	"seed_branch" text PRIMARY KEY NOT NULL,
	"next_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_rate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"validators" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "validator_keys" DROP CONSTRAINT "validator_keys_key_index_unique";--> statement-breakpoint
ALTER TABLE "validator_keys" ALTER COLUMN "keystore" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN "seed_branch" text;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN "first_key_index" integer;--> statement-breakpoint
-- Keys stored before seed branches came from DEPOSIT_SEED itself (or the public devnet seed): branch "legacy".
ALTER TABLE "validator_keys" ADD COLUMN "seed_branch" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "validator_keys" ALTER COLUMN "seed_branch" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "deposit_rate_events_client" ON "deposit_rate_events" USING btree ("client","at");--> statement-breakpoint
CREATE INDEX "deposit_rate_events_at" ON "deposit_rate_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "deposit_requests_scope" ON "deposit_requests" USING btree ("network","environment","owner");--> statement-breakpoint
CREATE UNIQUE INDEX "validator_keys_branch_index" ON "validator_keys" USING btree ("seed_branch","key_index");--> statement-breakpoint
DROP SEQUENCE "public"."validator_key_index";