CREATE TABLE "folder_images" (
	"path" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"mtime_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_artworks" (
	"hash" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "artwork_hash" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "picture_hash" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "folder_image_hash" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "artwork_hash" text;--> statement-breakpoint
CREATE INDEX "folder_images_hash_idx" ON "folder_images" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "songs_picture_hash_idx" ON "songs" USING btree ("picture_hash");--> statement-breakpoint
-- Generated covers of the demo songs and placeholders of the scanned albums: the hash of "placeholder:v1:<label>" (library/artwork/hashes.ts).
INSERT INTO "generated_artworks" ("hash", "label") SELECT DISTINCT left(encode(sha256(convert_to('placeholder:v1:' || "title", 'UTF8')), 'hex'), 32), "title" FROM "songs" WHERE "source" = 'demo' ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "songs" SET "artwork_hash" = left(encode(sha256(convert_to('placeholder:v1:' || "title", 'UTF8')), 'hex'), 32) WHERE "source" = 'demo';--> statement-breakpoint
INSERT INTO "generated_artworks" ("hash", "label") SELECT DISTINCT left(encode(sha256(convert_to('placeholder:v1:' || "name", 'UTF8')), 'hex'), 32), "name" FROM "albums" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "albums" SET "artwork_hash" = left(encode(sha256(convert_to('placeholder:v1:' || "name", 'UTF8')), 'hex'), 32);--> statement-breakpoint
UPDATE "songs" SET "artwork_hash" = (SELECT "artwork_hash" FROM "albums" WHERE "albums"."id" = "songs"."album_id") WHERE "album_id" IS NOT NULL;--> statement-breakpoint
-- Embedded pictures were never read: the next scan reads every scanned file once more (an mtime no file has).
UPDATE "songs" SET "file_mtime_ms" = -1 WHERE "source" = 'scan';
