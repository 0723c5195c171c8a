CREATE TABLE "albums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"album_artist" text NOT NULL,
	"year" integer,
	"compilation" boolean DEFAULT false NOT NULL,
	"mbz_album_id" text,
	"group_key" text NOT NULL,
	"sort_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_key" text NOT NULL,
	"mbz_artist_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "file_path" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "file_mtime_ms" bigint;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "album_id" uuid;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "album" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "album_artist" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "artists" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "track_number" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "disc_number" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "genres" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "compilation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "mbz_track_id" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "mbz_album_id" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "mbz_artist_id" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "rg_track_gain" real;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "rg_track_peak" real;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "rg_album_gain" real;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "rg_album_peak" real;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "codec" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "bit_rate" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "sample_rate" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "lyrics" jsonb;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "playable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "unplayable_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "albums_group_key" ON "albums" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "albums_sort_idx" ON "albums" USING btree ("sort_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "artists_sort_key" ON "artists" USING btree ("sort_key");--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "songs_file_path_key" ON "songs" USING btree ("file_path");--> statement-breakpoint
CREATE INDEX "songs_album_idx" ON "songs" USING btree ("album_id","disc_number","track_number");--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_source_check" CHECK ("songs"."source" in ('demo', 'upload', 'scan'));--> statement-breakpoint
-- Existing rows (docs/decisions/library.md): the generated demo tracks were inserted by no user, uploads by an admin; every song lists its one artist.
UPDATE "songs" SET "source" = 'demo' WHERE "uploaded_by" IS NULL;--> statement-breakpoint
UPDATE "songs" SET "artists" = ARRAY["artist"];
