CREATE TABLE "indexer_leases" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"holder" text NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "indexer_leases_network_environment_pk" PRIMARY KEY("network","environment")
);
