import { expectSaga } from 'redux-saga-test-plan';
import { musicBoxSaga } from './musicBoxSagas';
import { musicBoxActions, musicBoxSlice, type MusicBoxState } from './musicBoxSlice';

const initial: MusicBoxState = { sort: 'popular', search: '', revealId: 's1', highlightedId: null, added: [] };

describe('the duplicate highlight saga', () => {
  it('highlights the revealed suggestion and keeps it highlighted before 2 s have passed', async () => {
    const { storeState } = await expectSaga(musicBoxSaga)
      .withReducer(musicBoxSlice.reducer, initial)
      .dispatch(musicBoxActions.suggestionRevealed('s1'))
      .put(musicBoxActions.highlightStarted('s1'))
      .not.put(musicBoxActions.highlightEnded('s1'))
      .silentRun(1_500);
    expect(storeState).toEqual({ ...initial, revealId: null, highlightedId: 's1' });
  });

  it('clears the highlight after SUGGESTION_HIGHLIGHT_MS (2 s)', async () => {
    const started = Date.now();
    const { storeState } = await expectSaga(musicBoxSaga)
      .withReducer(musicBoxSlice.reducer, initial)
      .dispatch(musicBoxActions.suggestionRevealed('s1'))
      .put(musicBoxActions.highlightStarted('s1'))
      .put(musicBoxActions.highlightEnded('s1'))
      .silentRun(2_300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(storeState.highlightedId).toBeNull();
  });

  it('a newer reveal restarts the timer and the older one never clears it', async () => {
    const { storeState } = await expectSaga(musicBoxSaga)
      .withReducer(musicBoxSlice.reducer, initial)
      .dispatch(musicBoxActions.suggestionRevealed('s1'))
      .delay(1_000)
      .dispatch(musicBoxActions.suggestionRevealed('s2'))
      .not.put(musicBoxActions.highlightEnded('s1'))
      .silentRun(2_500);
    // s2 was revealed 1 s in: 1.5 s later it is still highlighted
    expect(storeState.highlightedId).toBe('s2');
  });
});

describe('the Music Box slice', () => {
  it('a duplicate clears the search so the original can be found, and asks the list to reveal it', () => {
    const state = musicBoxSlice.reducer({ ...initial, revealId: null, search: 'abc' }, musicBoxActions.duplicateFound('s9'));
    expect(state).toMatchObject({ search: '', revealId: 's9' });
    expect(musicBoxSlice.reducer(state, musicBoxActions.revealAbandoned()).revealId).toBeNull();
  });

  it('an ended highlight clears only its own suggestion', () => {
    const state = { ...initial, highlightedId: 's2' };
    expect(musicBoxSlice.reducer(state, musicBoxActions.highlightEnded('s1')).highlightedId).toBe('s2');
    expect(musicBoxSlice.reducer(state, musicBoxActions.highlightEnded('s2')).highlightedId).toBeNull();
  });
});
