import { screen } from '@testing-library/react';
import type { Suggestion } from '../../../../contract/musicbox';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SuggestionItem } from './SuggestionItem';

const suggestion = (over: Partial<Suggestion> = {}): Suggestion => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Harbour Lights',
  artist: 'The Tidal Quartet',
  status: 'approved',
  voteCount: 2,
  hasVoted: false,
  suggestedBy: '00000000-0000-4000-8000-000000000002',
  suggestedByUser: { id: '00000000-0000-4000-8000-000000000002', username: 'mira' },
  songId: '00000000-0000-4000-8000-000000000003',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

const render = (s: Suggestion) =>
  renderWithProviders(
    <ul>
      <SuggestionItem suggestion={s} highlighted={false} isAdmin={false} isOwner={false} onVote={jest.fn()} onModerate={jest.fn()} onQueue={jest.fn()} />
    </ul>,
  );

describe('SuggestionItem artwork (docs/product.md §5.7)', () => {
  it("shows the matched library song's cover", () => {
    const { container } = render(suggestion({ artworkUrl: `/api/artwork/${'cd'.repeat(16)}` }));
    expect(container.querySelector('img[data-testid="artwork"]')).toHaveAttribute('src', `/api/artwork/${'cd'.repeat(16)}?size=64`);
    expect(screen.queryByTestId('generated-cover')).toBeNull();
  });

  it('draws a generated cover while the suggestion matches no song', () => {
    const { container } = render(suggestion({ status: 'pending', songId: null }));
    expect(container.querySelector('img[data-testid="artwork"]')).toBeNull();
    expect(screen.getByTestId('generated-cover')).toHaveAttribute('data-cover-name', 'Harbour Lights · The Tidal Quartet');
  });
});
