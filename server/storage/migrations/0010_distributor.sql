CREATE TABLE "distributor_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"state" text NOT NULL,
	"owners" jsonb NOT NULL,
	"amounts" jsonb NOT NULL,
	"nonce" integer,
	"tx_hash" text,
	"raw_tx" text,
	"safe_file" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor_blocks" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"slot" bigint NOT NULL,
	"proposer_index" bigint NOT NULL,
	"owner" text,
	"priority_fees_wei" numeric(78, 0) NOT NULL,
	"transfers_wei" numeric(78, 0) NOT NULL,
	"owner_wei" numeric(78, 0) NOT NULL,
	"balance_mismatch_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "distributor_blocks_network_environment_block_number_pk" PRIMARY KEY("network","environment","block_number")
);
--> statement-breakpoint
CREATE TABLE "distributor_cursors" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"last_block" bigint NOT NULL,
	CONSTRAINT "distributor_cursors_network_environment_pk" PRIMARY KEY("network","environment")
);
--> statement-breakpoint
CREATE TABLE "distributor_owed" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"owner" text NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "distributor_owed_network_environment_owner_pk" PRIMARY KEY("network","environment","owner")
);
--> statement-breakpoint
CREATE INDEX "distributor_allocations_open" ON "distributor_allocations" USING btree ("network","environment","state");