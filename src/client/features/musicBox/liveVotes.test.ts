import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Suggestion } from '../../../contract/musicbox';
import { baseApi } from '../../api/baseApi';
import { liveMessageReceived } from '../../shared/live';
import { createTestServices } from '../../test/testServices';
import { withAddedFirst } from './components/useSuggestionActions';
import { musicBoxApi } from './musicBoxApi';
import { musicBoxSaga, suggestionVotes } from './musicBoxSagas';
import { musicBoxSlice } from './musicBoxSlice';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const suggestion = (n: number, voteCount = 0): Suggestion => ({
  id: ID(n),
  title: `Song ${n}`,
  artist: 'Someone',
  status: 'pending',
  voteCount,
  hasVoted: false,
  suggestedBy: ID(99),
  suggestedByUser: { id: ID(99), username: 'someone' },
  songId: null,
  createdAt: '2026-03-04T10:00:00.000Z',
});
const votes = (list: { id: string; voteCount: unknown }[]) => JSON.stringify({ type: 'SUGGESTION_VOTES', data: { votes: list } });

describe('live vote messages', () => {
  it('reads the counts of a SUGGESTION_VOTES message and nothing else', () => {
    expect(suggestionVotes(votes([{ id: ID(1), voteCount: 3 }]))).toEqual([{ id: ID(1), voteCount: 3 }]);
    expect(
      suggestionVotes(
        votes([
          { id: ID(1), voteCount: -1 },
          { id: ID(2), voteCount: 'x' },
        ]),
      ),
    ).toEqual([]);
    expect(suggestionVotes(JSON.stringify({ type: 'OTHER', data: { votes: [] } }))).toBeNull();
    expect(suggestionVotes('not json')).toBeNull();
  });

  it("sets others' counts in the cached list and in my new suggestions, keeping my own vote", async () => {
    const services = createTestServices();
    const sagas = createSagaMiddleware({ context: { services } });
    const store = configureStore({
      reducer: combineSlices(baseApi, musicBoxSlice),
      middleware: (gDM) => gDM({ thunk: { extraArgument: services } }).concat(baseApi.middleware, sagas),
    });
    sagas.run(musicBoxSaga);
    const args = { sort: 'newest' as const, search: '' };
    const page = { success: true as const, suggestions: [{ ...suggestion(1, 2), hasVoted: true }, suggestion(2)], total: 2, page: 1, hasMore: false };
    await store.dispatch(musicBoxApi.util.upsertQueryData('getSuggestions', args, { pages: [page], pageParams: [1] }));
    store.dispatch(liveMessageReceived(votes([{ id: ID(1), voteCount: 5 }])));
    const cached = musicBoxApi.endpoints.getSuggestions.select(args)(store.getState()).data!.pages[0].suggestions;
    expect(cached.map((s) => [s.voteCount, s.hasVoted])).toEqual([
      [5, true],
      [0, false],
    ]);
  });
});

describe('my new suggestions', () => {
  it('come first, newest first, as the list has them when it does', () => {
    const listed = [suggestion(1, 9), suggestion(2, 4)];
    const { suggestions, freshIds } = withAddedFirst([suggestion(3), suggestion(2, 0)], listed, '');
    expect(suggestions.map((s) => [s.id, s.voteCount])).toEqual([
      [ID(3), 0],
      [ID(2), 4],
      [ID(1), 9],
    ]);
    expect([...freshIds]).toEqual([ID(3), ID(2)]);
  });

  it('under a search, only those the search found', () => {
    expect(withAddedFirst([suggestion(3)], [suggestion(1)], 'song 1').suggestions.map((s) => s.id)).toEqual([ID(1)]);
  });

  it('follow votes and deletions, and are not stored anywhere (a reload ends them)', () => {
    const added = musicBoxSlice.reducer(undefined, musicBoxSlice.actions.votesChanged([]));
    const state = { ...added, added: [suggestion(3), suggestion(4)] };
    const voted = musicBoxSlice.reducer(state, musicBoxSlice.actions.votesChanged([{ id: ID(4), voteCount: 2 }]));
    expect(voted.added.map((s) => s.voteCount)).toEqual([0, 2]);
    expect(musicBoxSlice.reducer(undefined, { type: 'init' }).added).toEqual([]);
  });
});
