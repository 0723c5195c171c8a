import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatBytes, KEPT_MESSAGES } from '../../../../contract/keptMessages';
import { OFFLINE_MESSAGES } from '../../../../contract/offlineMessages';
import { keptBytes, type KeptItem, type KeptRecords } from '../../../shared/kept';
import { usePlaySongs } from '../../../shared/player';
import { PlayableSongList } from '../../../shared/songs';
import { Button } from '../../../ui/Button';
import { PlayIcon } from '../../../ui/icons';
import { KEPT_MUSIC_LINK } from '../../../ui/OfflineNotice';
import { Page, PageTitle } from '../../../ui/Page';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { keptSongsOf } from '../keptSongs';
import { useKeptRecords } from '../useKept';

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
const Item = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
`;

const noActions = () => null;

function KeptItemSongs({ item, records }: { item: KeptItem; records: KeptRecords }) {
  const songs = useMemo(() => keptSongsOf(item, records), [item, records]);
  const { playAll } = usePlaySongs(songs, 'library');
  const headingId = `kept-${item.key}`;
  return (
    <Item aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>{item.name}</h2>
        <Button type="button" $size="sm" disabled={songs.length === 0} onClick={playAll} aria-label={`${KEPT_MESSAGES.playItem} ${item.name}`}>
          <PlayIcon width={16} height={16} /> {KEPT_MESSAGES.playItem}
        </Button>
      </header>
      <PlayableSongList songs={songs} source="library" aria-label={item.name} actionsOf={noActions} />
    </Item>
  );
}

/**
 * docs/product.md §2.17: the music kept on this device, by album, playlist or Liked Songs, played
 * through the normal player from the worker's cache: signed out and offline too.
 */
export default function KeptPage() {
  useDocumentTitle(KEPT_MUSIC_LINK);
  const records = useKeptRecords();
  return (
    <Page>
      <PageTitle>{KEPT_MUSIC_LINK}</PageTitle>
      {records.items.length === 0 ? (
        <>
          <Note>{OFFLINE_MESSAGES.noKeptMusic}</Note>
          <Link to="/">Back to Wavelength</Link>
        </>
      ) : (
        <>
          <Note>{KEPT_MESSAGES.keptSize(formatBytes(keptBytes(records)), Object.keys(records.songs).length)}</Note>
          {records.items.map((item) => (
            <KeptItemSongs key={item.key} item={item} records={records} />
          ))}
        </>
      )}
    </Page>
  );
}
