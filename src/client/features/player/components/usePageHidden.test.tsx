import { act } from '@testing-library/react';
import type { Action } from '@reduxjs/toolkit';
import { takeEvery } from 'redux-saga/effects';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { initialPlayerState, playerActions } from '../../../shared/player';
import { usePageHidden } from './usePageHidden';

function Probe() {
  usePageHidden();
  return null;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('the page hidden (docs/product.md §4.4)', () => {
  it('tells the player each time the page is hidden, not when it shows again, and no more once unmounted', () => {
    const seen: string[] = [];
    // a saga that only notes every action the store receives
    function* record(): Generator {
      yield takeEvery('*', (action: Action) => {
        seen.push(action.type);
      });
    }
    const { unmount } = renderWithProviders(<Probe />, { preloadedState: { ...signedInState(), player: initialPlayerState }, saga: record });
    const types = () => seen.filter((type) => type.startsWith('player/'));
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    expect(types()).toEqual([playerActions.pageHidden.type, playerActions.pageHidden.type]);
    unmount();
    setVisibility('hidden');
    expect(types()).toHaveLength(2);
  });
});
