-- An artist's credits (docs/product.md §2.12: a song's artists, an album's album artist, case ignored)
-- were gathered by lower-casing every song's artists: a pass over the whole songs table for each
-- artist list or search. The lower-cased artists get a GIN index, through a function the planner can
-- match, and albums an index on their lower-cased album artist.
-- GIN indexes here skip the pending list (fastupdate = off): PGlite runs no autovacuum, so the list
-- would only be flushed when it reaches 4 MB, and every search would read it through to the end
-- (12 ms of a 10,000-song library's artist search). The trigram index gets the same, and its list
-- is flushed once.
CREATE OR REPLACE FUNCTION wl_lower_all(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT array_agg(lower(x)) FROM unnest($1) AS x $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "songs_artists_lower_idx" ON "songs" USING gin (wl_lower_all("artists")) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "albums_album_artist_lower_idx" ON "albums" (lower("album_artist"));
--> statement-breakpoint
ALTER INDEX "songs_search_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('songs_search_trgm_idx');
