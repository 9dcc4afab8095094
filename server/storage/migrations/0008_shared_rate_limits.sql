CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hits" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_at" ON "rate_limit_counters" USING btree ("expires_at");