import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { playerActions } from '../../../shared/player/playerSlice';

/** Each time the page is hidden (another tab, the screen locked, the page closing), the player hears it (docs/product.md §4.4). */
export function usePageHidden(): void {
  const dispatch = useDispatch();
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'hidden') dispatch(playerActions.pageHidden());
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [dispatch]);
}
