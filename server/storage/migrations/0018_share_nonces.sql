CREATE TABLE "embedded_wallet_share_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embedded_wallet_share_nonces" ADD CONSTRAINT "embedded_wallet_share_nonces_user_id_embedded_wallet_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_wallet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_wallet_share_nonces_user" ON "embedded_wallet_share_nonces" USING btree ("user_id");