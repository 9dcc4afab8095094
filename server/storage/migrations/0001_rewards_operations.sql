CREATE TABLE "indexer_cursors" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"stream" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_cursors_network_environment_stream_pk" PRIMARY KEY("network","environment","stream")
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"status" text NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"details" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_daily_rewards" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"owner" text NOT NULL,
	"day" date NOT NULL,
	"staked_gwei" bigint NOT NULL,
	"consensus_reward_gwei" bigint NOT NULL,
	"execution_reward_wei" numeric(78, 0) NOT NULL,
	"validator_count" integer NOT NULL,
	CONSTRAINT "owner_daily_rewards_network_environment_owner_day_pk" PRIMARY KEY("network","environment","owner","day")
);
--> statement-breakpoint
CREATE TABLE "validator_daily_rewards" (
	"validator_id" integer NOT NULL,
	"day" date NOT NULL,
	"balance_gwei" bigint NOT NULL,
	"consensus_reward_gwei" bigint NOT NULL,
	CONSTRAINT "validator_daily_rewards_validator_id_day_pk" PRIMARY KEY("validator_id","day")
);
--> statement-breakpoint
CREATE TABLE "validators" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"pubkey" text NOT NULL,
	"validator_index" integer,
	"owner" text NOT NULL,
	"withdrawal_credentials" text NOT NULL,
	"deposit_tx_hash" text,
	"status" text NOT NULL,
	"balance_gwei" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "validator_daily_rewards" ADD CONSTRAINT "validator_daily_rewards_validator_id_validators_id_fk" FOREIGN KEY ("validator_id") REFERENCES "public"."validators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_log" ON "operations" USING btree ("network","environment","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "operations_owner" ON "operations" USING btree ("network","environment","owner","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "validators_pubkey" ON "validators" USING btree ("network","environment","pubkey");--> statement-breakpoint
CREATE INDEX "validators_owner" ON "validators" USING btree ("network","environment","owner");