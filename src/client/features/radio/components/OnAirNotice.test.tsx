import { fireEvent, screen } from '@testing-library/react';
import type { RadioQueueTrack } from '../../../../contract/radio';
import { initialPlayerState } from '../../../shared/player';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { radioActions, radioSlice, type RadioState } from '../radioSlice';
import { OnAirNotice } from './OnAirNotice';

const onAir: RadioQueueTrack = {
  id: 'q1',
  songId: 's1',
  title: 'Low Orbit Lullaby',
  artist: 'The Drawn',
  duration: 200,
  addedBy: { id: 'a1', username: 'admin' },
  addedAt: '2026-01-01T00:00:00.000Z',
  url: '/api/songs/stream/s1',
};

function renderNotice(radio: Partial<RadioState>, isRadioMode = false) {
  const base = radioSlice.reducer(undefined, { type: '@@init' });
  const result = renderWithProviders(<OnAirNotice />, {
    preloadedState: {
      ...signedInState('user'),
      radio: { ...base, ...radio },
      player: { ...initialPlayerState, source: isRadioMode ? { kind: 'radio' as const, itemId: null } : { kind: 'queue' as const } },
    },
  });
  const dispatch = jest.spyOn(result.store, 'dispatch');
  result.rerender(<OnAirNotice />); // useDispatch picks up the spy
  return { ...result, dispatch };
}

describe('the on-air notice (docs/product.md §4.4)', () => {
  it('offers Tune in to a listener who is not on the radio while it is on air', () => {
    const { dispatch } = renderNotice({ isRadioActive: true, currentTrack: onAir, startedAt: 1 });
    expect(screen.getByText('Radio is on air')).toBeInTheDocument();
    expect(screen.getByText(/Low Orbit Lullaby/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tune in' }));
    expect(dispatch).toHaveBeenCalledWith(radioActions.listenRequested());
  });

  it('is not there off air, on the radio, or on the radio page (which has Listen live)', () => {
    const cases: [Partial<RadioState>, boolean][] = [
      [{ isRadioActive: false, currentTrack: onAir }, false],
      [{ isRadioActive: true, currentTrack: onAir }, true],
      [{ isRadioActive: true, currentTrack: onAir, onRadioPage: true }, false],
      [{ isRadioActive: true, currentTrack: null }, false],
    ];
    for (const [radio, isRadioMode] of cases) {
      const { unmount } = renderNotice(radio, isRadioMode);
      expect(screen.queryByRole('button', { name: 'Tune in' })).toBeNull();
      unmount();
    }
  });
});
