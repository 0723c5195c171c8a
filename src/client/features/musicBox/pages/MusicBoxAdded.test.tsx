import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Suggestion } from '../../../../contract/musicbox';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices, memoryTokenStore } from '../../../test/testServices';
import MusicBoxPage from './MusicBoxPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const suggestion = (n: number, title: string, voteCount: number): Suggestion => ({
  id: ID(n),
  title,
  artist: 'Someone',
  status: 'pending',
  voteCount,
  hasVoted: false,
  suggestedBy: ID(99),
  suggestedByUser: { id: ID(99), username: 'someone' },
  songId: null,
  createdAt: '2026-03-04T10:00:00.000Z',
});

it('my new suggestion comes first, marked "Just added", even where the popular order puts it last', async () => {
  const rows = [suggestion(1, 'Crowd favourite', 5), suggestion(2, 'Also liked', 2)];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const added = suggestion(3, JSON.parse(String(init.body)).title, 0);
      rows.push(added); // popular order: last
      return json(201, { success: true, suggestion: added });
    }
    const page = Number(new URL(String(input), 'http://localhost').searchParams.get('page') ?? 1);
    return json(200, { success: true, suggestions: page === 1 ? rows : [], total: rows.length, page, hasMore: false });
  }) as typeof fetch;
  renderWithProviders(<MusicBoxPage />, { preloadedState: signedInState(), services: createTestServices({ tokenStore: memoryTokenStore('t') }) });
  await screen.findByText('Crowd favourite');

  await userEvent.type(screen.getByLabelText('Title'), 'Fresh idea');
  await userEvent.type(screen.getByLabelText('Artist'), 'The Newcomers');
  await userEvent.click(screen.getByRole('button', { name: 'Suggest' }));

  const list = screen.getByRole('list', { name: 'Suggestions' });
  await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Fresh idea'));
  const [first, ...rest] = within(list).getAllByRole('listitem');
  expect(first).toHaveAttribute('data-highlighted', 'true');
  expect(within(first).getByText('Just added')).toBeInTheDocument();
  expect(rest.map((li) => li.getAttribute('data-highlighted'))).toEqual([null, null]);
  expect(within(list).getAllByText('Fresh idea')).toHaveLength(1);
});
