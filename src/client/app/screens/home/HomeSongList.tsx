import styled from 'styled-components';
import type { Song } from '../../../../contract/songs';
import { PlayableSongList } from '../../../shared/songs';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';

const Section = styled.section`
  min-width: 0;
  h2 {
    font-size: 1.15rem;
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

export interface HomeSongListProps {
  title: string;
  items: { song: Song; meta?: string }[];
  loading: boolean;
  empty: string;
}

/** A titled list of songs on the home page (recently played, top charts, trending). */
export function HomeSongList({ title, items, loading, empty }: HomeSongListProps) {
  const songs = items.map((item) => item.song);
  return (
    <Section aria-label={title}>
      <h2>{title}</h2>
      {loading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <PlayableSongList songs={songs} source="home" metaOf={(_song, index) => items[index].meta} />
      )}
    </Section>
  );
}
