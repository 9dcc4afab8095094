-- Rows recorded before this version keep no epochs: they count in every sum, not in a measured APR.
ALTER TABLE "owner_daily_rewards" ADD COLUMN "start_epoch" bigint;--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "end_epoch" bigint;