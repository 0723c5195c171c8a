import { useCallback, useEffect, useRef, type FocusEvent, type PointerEvent } from 'react';
import { useDispatch } from 'react-redux';
import { playerActions } from './playerSlice';
import type { PlayerTrack } from './playerTypes';

/** The track a Play control would start, or a function that makes it when the intent shows (a list need not build every track on each render). */
export type IntentTrack = PlayerTrack | (() => PlayerTrack | null | undefined);

/** Spread on a Play control: the pointer over it or focus on it is an intent to play. */
export interface PrepareIntentHandlers {
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

interface Intent {
  pointer: boolean;
  focus: boolean;
  /** the track a prepareRequested went out for, until its prepareCancelled */
  prepared: PlayerTrack | null;
}

const resolve = (track: IntentTrack) => (typeof track === 'function' ? track() : track) ?? null;

/**
 * docs/product.md §2.14: prepare on intent, one control per key (a list's rows). The pointer (mouse or
 * pen: a touch has no hover, its tap is the click) or focus on a Play control asks the player to
 * prepare the track; once neither is left, the same track is cancelled. One request per intent: a
 * hovered control that also takes focus does not prepare twice, and keeps its request while either
 * lasts. What is still prepared when the component goes away is cancelled. The UI only reports the
 * intent: the player's prepare saga decides what to fetch (not the loaded current track) and lets a
 * play that follows keep the request.
 */
export function usePrepareIntents(): (key: string, track: IntentTrack) => PrepareIntentHandlers {
  const dispatch = useDispatch();
  const intents = useRef(new Map<string, Intent>());

  useEffect(() => {
    const live = intents.current;
    return () => {
      for (const intent of live.values()) if (intent.prepared) dispatch(playerActions.prepareCancelled({ track: intent.prepared }));
      live.clear();
    };
  }, [dispatch]);

  return useCallback(
    (key: string, track: IntentTrack) => {
      const update = (change: Partial<Pick<Intent, 'pointer' | 'focus'>>) => {
        const intent = { pointer: false, focus: false, prepared: null, ...intents.current.get(key), ...change };
        intents.current.set(key, intent);
        const wanted = intent.pointer || intent.focus;
        if (wanted && !intent.prepared) {
          const next = resolve(track);
          if (!next) return;
          intent.prepared = next;
          dispatch(playerActions.prepareRequested({ track: next }));
        } else if (!wanted && intent.prepared) {
          const cancelled = intent.prepared;
          intent.prepared = null;
          dispatch(playerActions.prepareCancelled({ track: cancelled }));
        }
      };
      return {
        onPointerEnter: (event) => {
          if (event.pointerType === 'mouse' || event.pointerType === 'pen') update({ pointer: true });
        },
        onPointerLeave: () => update({ pointer: false }),
        onFocus: () => update({ focus: true }),
        onBlur: () => update({ focus: false }),
      };
    },
    [dispatch],
  );
}

/** The intent handlers of one Play control (see usePrepareIntents). */
export function usePrepareOnIntent(track: IntentTrack): PrepareIntentHandlers {
  return usePrepareIntents()('', track);
}
