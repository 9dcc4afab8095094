CREATE SEQUENCE "public"."validator_key_index" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"credential_type" text NOT NULL,
	"validator_count" integer NOT NULL,
	"amount_gwei" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validator_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"key_index" integer NOT NULL,
	"pubkey" text NOT NULL,
	"keystore" jsonb NOT NULL,
	"deposit_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "validator_keys_key_index_unique" UNIQUE("key_index"),
	CONSTRAINT "validator_keys_pubkey_unique" UNIQUE("pubkey")
);
--> statement-breakpoint
ALTER TABLE "validator_keys" ADD CONSTRAINT "validator_keys_request_id_deposit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."deposit_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_owner_key" ON "deposit_requests" USING btree ("owner","idempotency_key");