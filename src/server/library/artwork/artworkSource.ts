import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { parseFile } from '../../lib/musicMetadata';
import type { Db } from '../../db/open';
import { folderImages, generatedArtworks, songs } from '../../db/schema';
import { mediaFilePath } from '../mediaDir';
import { libraryFilePath } from '../libraryFilePath';
import { chooseEmbeddedPicture } from './embeddedPicture';
import { artworkHash } from './hashes';
import { placeholderSvg } from './placeholderSvg';

export interface SourceDirs {
  musicDirs: string[];
  mediaDir: string;
}

/** How many files holding one picture are tried before it is called gone. */
const TRIES = 5;

/**
 * The image bytes a hash names, read again from where the library found it: a song file's
 * embedded picture, a folder image, or a generated cover drawn from its label. Files are only read
 * inside MUSIC_DIR or MEDIA_DIR and must still hash to the same digits; null when none does.
 */
export async function readArtworkSource(db: Db, dirs: SourceDirs, hash: string): Promise<Buffer | null> {
  const [generated] = await db.select({ label: generatedArtworks.label }).from(generatedArtworks).where(eq(generatedArtworks.hash, hash)).limit(1);
  if (generated) return Buffer.from(placeholderSvg(generated.label));
  const holders = await db.select({ filePath: songs.filePath, path: songs.path }).from(songs).where(eq(songs.pictureHash, hash)).limit(TRIES);
  for (const holder of holders) {
    const file = await songFile(dirs, holder);
    const picture = file ? await embeddedPicture(file) : null;
    if (picture && artworkHash(picture) === hash) return picture;
  }
  const images = await db.select({ path: folderImages.path }).from(folderImages).where(eq(folderImages.hash, hash)).limit(TRIES);
  for (const image of images) {
    const file = await libraryFilePath(dirs.musicDirs, image.path);
    const bytes = file ? await readFile(file).catch(() => null) : null;
    if (bytes && artworkHash(bytes) === hash) return bytes;
  }
  return null;
}

/** A scanned file inside a MUSIC_DIR root (or an upload kept in MEDIA_DIR), never elsewhere. */
async function songFile(dirs: SourceDirs, song: { filePath: string | null; path: string }): Promise<string | null> {
  if (song.filePath) return libraryFilePath([...dirs.musicDirs, dirs.mediaDir], song.filePath);
  return mediaFilePath(dirs.mediaDir, song.path);
}

async function embeddedPicture(file: string): Promise<Buffer | null> {
  try {
    const meta = await parseFile(file);
    const picture = chooseEmbeddedPicture(meta.common.picture);
    return picture ? Buffer.from(picture.data) : null;
  } catch {
    return null;
  }
}
