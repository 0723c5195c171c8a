import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Where artwork comes from besides embedded pictures (docs/decisions/library.md, Artwork); schema.ts re-exports them. */

/**
 * The cover image chosen in each folder of a MUSIC_DIR root (cover/folder/front.jpg|jpeg|png|webp):
 * its hash, and the size and mtime a rescan compares so an unchanged image is never read again.
 */
export const folderImages = pgTable(
  'folder_images',
  {
    /** absolute path of the image */
    path: text('path').primaryKey(),
    hash: text('hash').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    mtimeMs: bigint('mtime_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('folder_images_hash_idx').on(t.hash)],
);

/** Generated artwork (album placeholders, demo covers): drawn again from its label, whose hash it is. */
export const generatedArtworks = pgTable('generated_artworks', {
  hash: text('hash').primaryKey(),
  label: text('label').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Pictures that failed to render (a truncated JPEG, a PNG over the pixel limit, garbage bytes), by
 * their hash: marked at their first failed render, never decoded again; albums and songs skip them
 * when their artwork is chosen, and a request for one answers its album's fallback.
 */
export const brokenArtworks = pgTable('broken_artworks', {
  hash: text('hash').primaryKey(),
  /** what the image decoder said, for the admin and the log */
  reason: text('reason').notNull(),
  markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
