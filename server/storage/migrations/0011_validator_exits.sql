ALTER TABLE "validator_client_imports" ADD COLUMN "slashing_protection" text;--> statement-breakpoint
ALTER TABLE "validator_client_imports" ADD COLUMN "removed_at" timestamp with time zone;