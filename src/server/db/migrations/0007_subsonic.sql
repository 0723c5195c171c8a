CREATE TABLE "item_ratings" (
	"user_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_ratings_user_id_item_kind_item_id_pk" PRIMARY KEY("user_id","item_kind","item_id"),
	CONSTRAINT "item_ratings_rating_check" CHECK ("item_ratings"."rating" between 1 and 5),
	CONSTRAINT "item_ratings_kind_check" CHECK ("item_ratings"."item_kind" in ('song', 'album', 'artist'))
);
--> statement-breakpoint
CREATE TABLE "item_stars" (
	"user_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_stars_user_id_item_kind_item_id_pk" PRIMARY KEY("user_id","item_kind","item_id"),
	CONSTRAINT "item_stars_kind_check" CHECK ("item_stars"."item_kind" in ('album', 'artist'))
);
--> statement-breakpoint
CREATE TABLE "play_queues" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"song_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"current_song_id" uuid,
	"position_ms" bigint DEFAULT 0 NOT NULL,
	"changed_by" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subsonic_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subsonic_app_passwords" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"ciphertext" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_ratings" ADD CONSTRAINT "item_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stars" ADD CONSTRAINT "item_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_queues" ADD CONSTRAINT "play_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_queues" ADD CONSTRAINT "play_queues_current_song_id_songs_id_fk" FOREIGN KEY ("current_song_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsonic_api_keys" ADD CONSTRAINT "subsonic_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsonic_app_passwords" ADD CONSTRAINT "subsonic_app_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_stars_user_time_idx" ON "item_stars" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subsonic_api_keys_user_idx" ON "subsonic_api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subsonic_api_keys_hash_idx" ON "subsonic_api_keys" USING btree ("key_hash");