-- An artist's credits (docs/product.md §2.12: a song's artists, an album's album artist, case ignored)
-- were gathered by lower-casing every song's artists: a pass over the whole songs table for each
-- artist list or search. The lower-cased artists get a GIN index, through a function the planner can
-- match, and albums an index on their lower-cased album artist.
CREATE OR REPLACE FUNCTION wl_lower_all(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT array_agg(lower(x)) FROM unnest($1) AS x $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "songs_artists_lower_idx" ON "songs" USING gin (wl_lower_all("artists"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "albums_album_artist_lower_idx" ON "albums" (lower("album_artist"));
