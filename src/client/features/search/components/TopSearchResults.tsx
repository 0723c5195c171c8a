import styled from 'styled-components';
import type { Song } from '../../../../contract/songs';
import { toPlayerTrack, usePrepareIntents, type PlaySongs } from '../../../shared/player';
import { StandardSongActions } from '../../../shared/songs';
import { IconButton } from '../../../ui/Button';
import { GeneratedCover } from '../../../ui/cover/GeneratedCover';
import { songCoverName } from '../../../ui/cover/coverArt';
import { formatDuration } from '../../../ui/format';
import { PauseIcon, PlayIcon } from '../../../ui/icons';
import { SongText } from '../../../ui/SongRow';

const ROW_GAP = 4;

/**
 * Options and their buttons sit in two sibling columns: a listbox may own only options, and an
 * option's content is presentational, so the buttons cannot live inside either. Subgrid rows keep
 * each song's buttons level with its option.
 */
const Columns = styled.div<{ $rows: number }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-rows: repeat(${({ $rows }) => $rows}, auto);
  row-gap: ${ROW_GAP}px;
  & > * {
    grid-row: 1 / span ${({ $rows }) => $rows};
    display: grid;
    grid-template-rows: subgrid;
    margin: 0;
    padding: 0;
  }
`;
const Listbox = styled.ul`
  list-style: none;
  min-width: 0;
`;
const Option = styled.li<{ $active: boolean; $current: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.color.surfaceAlt : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.color.focus}` : 'none')};
  outline-offset: -2px;
  &:hover {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  span:first-child {
    font-weight: 600;
    color: ${({ theme, $current }) => ($current ? theme.color.accent : theme.color.text)};
  }
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  font-variant-numeric: tabular-nums;
`;
const Duration = styled(Muted)`
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    display: none;
  }
`;
const RowActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

export interface TopSearchResultsProps {
  songs: readonly Song[];
  listboxId: string;
  optionId: (songId: string) => string;
  active: number;
  player: PlaySongs;
  /** the option was clicked: play it */
  onChoose: (index: number) => void;
}

/** The top search's matches: a listbox of songs (cover, title, artist, m:ss) and each song's play, like and add buttons. */
export function TopSearchResults({ songs, listboxId, optionId, active, player, onChoose }: TopSearchResultsProps) {
  const intentFor = usePrepareIntents();
  return (
    <Columns $rows={songs.length}>
      <Listbox role="listbox" id={listboxId} aria-label="Matching songs">
        {songs.map((song, index) => (
          <Option
            key={song.id}
            id={optionId(song.id)}
            role="option"
            aria-selected={index === active}
            data-testid="song-result"
            data-song-id={song.id}
            $active={index === active}
            $current={player.isCurrent(song.id)}
            // a click must not take focus from the search box, which owns the keyboard
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(index)}
          >
            <GeneratedCover name={songCoverName(song.title, song.artist)} size={36} />
            <SongText>
              <span data-testid="song-title">{song.title}</span>
              <Muted>{song.artist}</Muted>
            </SongText>
            <Duration>{formatDuration(song.duration)}</Duration>
          </Option>
        ))}
      </Listbox>
      <div>
        {songs.map((song, index) => {
          const playing = player.isPlaying(song.id);
          return (
            <RowActions key={song.id}>
              <IconButton
                type="button"
                $size={36}
                aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
                onClick={() => player.play(index)}
                {...intentFor(song.id, () => toPlayerTrack(song))}
              >
                {playing ? <PauseIcon /> : <PlayIcon />}
              </IconButton>
              <StandardSongActions song={song} size={36} />
            </RowActions>
          );
        })}
      </div>
    </Columns>
  );
}
