import { parseFile } from 'music-metadata';
import type { GeneratedTree } from './tree';

/** Reads the sampled files back with music-metadata (what the scanner uses); throws when a tag did not come through. */
export async function verifySamples(tree: GeneratedTree): Promise<string> {
  const checked: string[] = [];
  for (const { file, tags, flac } of tree.samples) {
    const { common, format } = await parseFile(file);
    const problems = [
      common.title !== tags.title && `title ${common.title}`,
      common.artist !== tags.artist && `artist ${common.artist}`,
      common.album !== tags.album && `album ${common.album}`,
      (common.albumartist ?? null) !== tags.albumArtist && `album artist ${common.albumartist}`,
      common.year !== tags.year && `year ${common.year}`,
      common.genre?.[0] !== tags.genre && `genre ${common.genre}`,
      common.track.no !== Number(tags.track.split('/')[0]) && `track ${common.track.no}`,
      common.disk.no !== Number(tags.disc.split('/')[0]) && `disc ${common.disk.no}`,
      !common.picture?.[0]?.data.length && 'no embedded picture',
      !(format.duration && format.duration > 0) && 'no duration',
      format.codec !== (flac ? 'FLAC' : 'MPEG 1 Layer 3') && `codec ${format.codec}`,
      // music-metadata maps ID3v2.4 TCMP and Vorbis COMPILATION to common.compilation
      Boolean(common.compilation) !== tags.compilation && `compilation ${common.compilation}`,
    ].filter(Boolean);
    if (problems.length) throw new Error(`generated file ${file} reads back wrong: ${problems.join(', ')}`);
    checked.push(`${flac ? 'FLAC' : 'MP3'}${tags.compilation ? ' compilation' : ''}${tags.disc.endsWith('/2') ? ' (2 discs)' : ''}`);
  }
  return checked.join(', ');
}
