import { Fragment } from 'react';
import styled from 'styled-components';
import type { Song } from '../../../../contract/songs';
import { toPlayerTrack, usePlaySongs, usePrepareIntents } from '../../../shared/player';
import { StandardSongActions } from '../../../shared/songs';
import { SongList, SongRow } from '../../../ui/SongRow';

const DiscHeading = styled.h2`
  margin: ${({ theme }) => theme.space(5)} 0 ${({ theme }) => theme.space(2)};
  font-size: 1rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

interface Disc {
  number: number | null;
  songs: { song: Song; index: number }[];
}

/** The album's songs (already in disc then track order) cut where the disc number changes. */
export function discsOf(songs: readonly Song[]): Disc[] {
  const discs: Disc[] = [];
  songs.forEach((song, index) => {
    const number = song.discNumber ?? null;
    const last = discs[discs.length - 1];
    if (last && last.number === number) last.songs.push({ song, index });
    else discs.push({ number, songs: [{ song, index }] });
  });
  return discs;
}

/** An album's songs: one list to play from (a row plays its song and queues the rest of the album), a heading per disc when there are several. */
export function AlbumSongs({ songs, albumName }: { songs: readonly Song[]; albumName: string }) {
  const { play, isCurrent, isPlaying } = usePlaySongs(songs, 'library');
  const intentFor = usePrepareIntents();
  const discs = discsOf(songs);
  const several = discs.length > 1;
  return (
    <>
      {discs.map((disc, d) => (
        <Fragment key={`${disc.number ?? 'none'}-${d}`}>
          {several ? <DiscHeading>{disc.number === null ? 'Other tracks' : `Disc ${disc.number}`}</DiscHeading> : null}
          <SongList aria-label={several ? `${albumName}, ${disc.number === null ? 'other tracks' : `disc ${disc.number}`}` : `${albumName} songs`}>
            {disc.songs.map(({ song, index }) => (
              <SongRow
                key={song.id}
                song={song}
                current={isCurrent(song.id)}
                playing={isPlaying(song.id)}
                onPlay={() => play(index)}
                playIntent={intentFor(song.id, () => toPlayerTrack(song))}
                meta={song.trackNumber ? `Track ${song.trackNumber}` : undefined}
                actions={<StandardSongActions song={song} />}
                testId="album-song"
              />
            ))}
          </SongList>
        </Fragment>
      ))}
    </>
  );
}
