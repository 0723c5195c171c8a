-- Search plans: with the default 100 histogram entries, a rare multi-word term that matches one
-- sampled entry is estimated at 1 % of the library, and the planner reads songs_sort_idx in order
-- through tens of thousands of rows (hundreds of ms) instead of using the trigram index (~1-10 ms).
-- 1,000 entries bring such estimates down to 0.1 % or less; common terms still take the ordered index.
-- See docs/benchmarks.md ("Search").
ALTER TABLE "songs" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "songs";
