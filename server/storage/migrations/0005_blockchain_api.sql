CREATE TABLE "account_names" (
	"name" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"attributes" jsonb NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"props" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_names_address" ON "account_names" USING btree ("address");--> statement-breakpoint
CREATE INDEX "analytics_events_received" ON "analytics_events" USING btree ("received_at");