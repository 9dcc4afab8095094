CREATE TABLE "indexer_chains" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"genesis_hash" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_chains_network_environment_pk" PRIMARY KEY("network","environment")
);
