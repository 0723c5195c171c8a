import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, getContext, put, select, take } from 'redux-saga/effects';
import { playerActions, type PlayerState } from '../../shared/player';
import type { Services } from '../../services';
import { audioErrorMessage, type AudioEvent, type AudioService } from '../../services/audio/AudioService';
import { toastShown } from '../../ui/toast/toastSlice';

const selectPlayerState = (state: { player: PlayerState }) => state.player;

/** The audio element's events as a channel (its unsubscribe closes the element listener). */
export function audioEvents(audio: AudioService): EventChannel<AudioEvent> {
  return eventChannel((emit) => audio.subscribe(emit));
}

/** docs/product.md §4's audio events, turned into player results. */
export function* watchAudioEvents(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const channel: EventChannel<AudioEvent> = yield call(audioEvents, audio);
  try {
    for (;;) {
      const event: AudioEvent = yield take(channel);
      const player: PlayerState = yield select(selectPlayerState);
      switch (event.type) {
        case 'timeupdate':
          yield put(playerActions.timeUpdated({ currentTime: event.currentTime }));
          break;
        case 'trackLoaded':
        case 'loadeddata':
          yield put(playerActions.durationKnown({ duration: event.duration }));
          break;
        case 'waiting':
          if (!player.isBuffering) yield put(playerActions.bufferingChanged({ buffering: true }));
          break;
        case 'canplay':
          if (player.isBuffering) yield put(playerActions.bufferingChanged({ buffering: false }));
          break;
        case 'volumechange':
          if (event.volume !== player.volume || event.muted !== player.isMuted)
            yield put(playerActions.volumeChanged({ volume: event.volume, muted: event.muted }));
          break;
        case 'play':
        case 'pause':
          if ((event.type === 'play') !== player.isPlaying) yield put(playerActions.elementPlayingChanged({ playing: event.type === 'play' }));
          break;
        case 'advanced':
          yield put(playerActions.engineAdvanced({ key: event.key, duration: event.duration }));
          break;
        case 'ended':
          yield put(playerActions.trackEnded());
          break;
        case 'error':
          if (!player.isLoading) {
            const message = audioErrorMessage(event.code, event.offline);
            yield put(playerActions.mediaErrorOccurred({ message }));
            yield put(toastShown(message, 'error'));
          }
          break;
        default:
          break;
      }
    }
  } finally {
    channel.close();
  }
}
