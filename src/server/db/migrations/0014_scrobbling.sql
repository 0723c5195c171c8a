CREATE TABLE "scrobble_connections" (
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"secret" text NOT NULL,
	"username" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrobble_connections_user_id_service_pk" PRIMARY KEY("user_id","service")
);
--> statement-breakpoint
CREATE TABLE "scrobble_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"track" jsonb NOT NULL,
	"listened_at" timestamp with time zone NOT NULL,
	"chosen_by_user" boolean DEFAULT true NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scrobble_connections" ADD CONSTRAINT "scrobble_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrobble_queue" ADD CONSTRAINT "scrobble_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrobble_queue_due_idx" ON "scrobble_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "scrobble_queue_user_order_idx" ON "scrobble_queue" USING btree ("user_id","service","listened_at","id");