CREATE TABLE "validator_client_imports" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"pubkey" text NOT NULL,
	"client" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"imported_at" timestamp with time zone,
	CONSTRAINT "validator_client_imports_network_environment_pubkey_client_pk" PRIMARY KEY("network","environment","pubkey","client")
);
