CREATE TABLE "ops_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL
);
