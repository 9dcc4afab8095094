CREATE TABLE "embedded_wallet_codes" (
	"key" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"email" text NOT NULL,
	"device_id" text,
	"user_id" text,
	"new_email" text,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_wallet_devices" (
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"approval_token_hash" text,
	"approval_expires_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	CONSTRAINT "embedded_wallet_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "embedded_wallet_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_wallet_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"server_share" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedded_wallet_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "embedded_wallet_devices" ADD CONSTRAINT "embedded_wallet_devices_user_id_embedded_wallet_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_wallet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallet_sessions" ADD CONSTRAINT "embedded_wallet_sessions_user_id_embedded_wallet_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_wallet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_wallet_sessions_user" ON "embedded_wallet_sessions" USING btree ("user_id");