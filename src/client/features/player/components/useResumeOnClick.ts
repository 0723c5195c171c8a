import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { playerActions } from '../../../shared/player/playerSlice';

/** While autoplay is blocked, the next click anywhere resumes playback (docs/product.md §4). */
export function useResumeOnClick(waiting: boolean): void {
  const dispatch = useDispatch();
  useEffect(() => {
    if (!waiting) return;
    const onClick = () => dispatch(playerActions.userInteracted());
    document.addEventListener('click', onClick, { capture: true, once: true });
    document.addEventListener('keydown', onClick, { capture: true, once: true });
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      document.removeEventListener('keydown', onClick, { capture: true });
    };
  }, [waiting, dispatch]);
}
