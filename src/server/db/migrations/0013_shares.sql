CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_ids" uuid[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"downloadable" boolean DEFAULT false NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_kind_check" CHECK ("shares"."kind" in ('song', 'album', 'playlist')),
	CONSTRAINT "shares_items_check" CHECK (cardinality("shares"."item_ids") >= 1)
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("user_id","created_at");