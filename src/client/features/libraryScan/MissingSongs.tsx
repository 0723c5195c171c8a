import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { selectIsAdmin } from '../../shared/session';
import { ErrorMessage } from '../../ui/Page';
import { useGetMissingSongsQuery } from './libraryScanApi';
import { MissingSongsList } from './MissingSongsList';
import { PurgeMissingButton, songCount } from './PurgeMissingButton';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;

function Contents() {
  const missing = useGetMissingSongsQuery();
  if (missing.isLoading) return <p>Loading…</p>;
  if (!missing.data) return <ErrorMessage>Could not read the missing songs</ErrorMessage>;
  const { songs, total } = missing.data;
  if (total === 0) return <p>No songs are missing.</p>;
  return (
    <>
      <p>{`${songCount(total)}, hidden until their file is back.`}</p>
      {total > songs.length ? <p>{`The ${songs.length.toLocaleString()} longest missing are listed.`}</p> : null}
      <MissingSongsList songs={songs} />
      <PurgeMissingButton total={total} />
    </>
  );
}

/**
 * docs/product.md §2.10, §5.7, for admins in Settings › Library: the songs a scan marked missing
 * (their file gone or unreadable), and Remove missing songs.
 */
export function MissingSongs() {
  const isAdmin = useSelector(selectIsAdmin);
  if (!isAdmin) return null;
  return (
    <Section aria-labelledby="library-missing">
      <h3 id="library-missing">Missing songs</h3>
      <Contents />
    </Section>
  );
}
