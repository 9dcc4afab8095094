CREATE TABLE "embedded_wallet_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text,
	CONSTRAINT "embedded_wallet_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "embedded_wallet_social_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embedded_wallet_identities" ADD CONSTRAINT "embedded_wallet_identities_user_id_embedded_wallet_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_wallet_users"("id") ON DELETE cascade ON UPDATE no action;