CREATE TABLE "validator_client_assignments" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"pubkey" text NOT NULL,
	"client_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"import_claimed_until" timestamp with time zone,
	"move_to" text,
	"move_step" text,
	"move_slashing_protection" text,
	"moved_at" timestamp with time zone,
	CONSTRAINT "validator_client_assignments_network_environment_pubkey_pk" PRIMARY KEY("network","environment","pubkey")
);
--> statement-breakpoint
ALTER TABLE "validator_keys" ADD COLUMN "keystore_per_key_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "validator_client_assignments_client" ON "validator_client_assignments" USING btree ("network","environment","client_id");