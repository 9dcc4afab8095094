CREATE TABLE "ssv_cluster_snapshots" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"owner" text NOT NULL,
	"operator_ids" text NOT NULL,
	"validator_count" integer NOT NULL,
	"network_fee_index" numeric(20, 0) NOT NULL,
	"index" numeric(20, 0) NOT NULL,
	"active" boolean NOT NULL,
	"balance_wei" numeric(78, 0) NOT NULL,
	"event" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "ssv_cluster_snapshots_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "ssv_operator_fees" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"fee_wei" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "ssv_operator_fees_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "ssv_operators" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"owner" text NOT NULL,
	"public_key" text NOT NULL,
	"block_number" bigint NOT NULL,
	"removed_block" bigint,
	CONSTRAINT "ssv_operators_network_environment_operator_id_pk" PRIMARY KEY("network","environment","operator_id")
);
--> statement-breakpoint
CREATE TABLE "ssv_validators" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"public_key" text NOT NULL,
	"owner" text NOT NULL,
	"operator_ids" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"removed_block" bigint,
	CONSTRAINT "ssv_validators_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "ssv_cluster_snapshots_owner" ON "ssv_cluster_snapshots" USING btree ("network","environment","owner","operator_ids");--> statement-breakpoint
CREATE INDEX "ssv_operator_fees_operator" ON "ssv_operator_fees" USING btree ("network","environment","operator_id","block_number");--> statement-breakpoint
CREATE INDEX "ssv_operators_owner" ON "ssv_operators" USING btree ("network","environment","owner");--> statement-breakpoint
CREATE INDEX "ssv_validators_owner" ON "ssv_validators" USING btree ("network","environment","owner");--> statement-breakpoint
CREATE INDEX "ssv_validators_public_key" ON "ssv_validators" USING btree ("network","environment","public_key");