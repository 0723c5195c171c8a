CREATE TABLE "radio_listen_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "radio_state" ADD COLUMN "stream_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "radio_listen_tokens" ADD CONSTRAINT "radio_listen_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "radio_listen_tokens_hash_key" ON "radio_listen_tokens" USING btree ("token_hash");