import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take } from 'redux-saga/effects';
import type { PublicUser } from '../../../contract/auth';
import { initialPlayerState, playerActions, playerSlice, type PlayerState } from '../../shared/player';
import { authActions } from '../../shared/session';
import type { Services } from '../../services';
import { pauseEngine, selectPlayerState, setEngineMuted, setEngineVolume } from './playbackSagas';
import { parseSaved, playerStorageKey, toSaved } from './playerStorage';

/** While playing, the position is written at most once per this many seconds (every other change at once). */
export const SAVE_EVERY_SECONDS = 1;

const SIGN_OUT = [authActions.logoutRequested.type, authActions.signedOut.type, authActions.sessionExpired.type];
const isPlayerAction = (action: Action) => action.type.startsWith(`${playerSlice.name}/`);

/** After a reload: the user's last player comes back paused at its position, with its queue and volume. */
export function* restorePlayer(key: string): SagaIterator {
  const { storage }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  if (player.currentTrack) return; // something already plays: a sign-in does not replace it
  const saved = parseSaved(yield call([storage, storage.get], key));
  if (!saved) return;
  yield put(playerActions.restored(saved));
  yield call(setEngineVolume, saved.volume);
  if (saved.muted) yield call(setEngineMuted, true);
}

/** Writes the player under `key` after each change of it (the position only once it moved a second). */
export function* savePlayer(key: string): SagaIterator {
  const { storage }: Services = yield getContext('services');
  let savedTime = Number.NaN;
  for (;;) {
    const action: Action = yield take(isPlayerAction);
    const player: PlayerState = yield select(selectPlayerState);
    if (playerActions.timeUpdated.match(action) && Math.abs(player.currentTime - savedTime) < SAVE_EVERY_SECONDS) continue;
    savedTime = player.currentTime;
    yield call([storage, storage.set], key, JSON.stringify(toSaved(player)));
  }
}

/**
 * Signed out: the player stops and forgets, so the next account starts with its own (docs/product.md §4.1).
 * The engine is brought back to what a fresh player assumes of it: nothing planned, level.
 */
function* clearPlayer(): SagaIterator {
  const { plan }: PlayerState = yield select(selectPlayerState);
  if (plan.next) yield put(playerActions.nextPlanned(null));
  if (plan.gain !== initialPlayerState.plan.gain) yield put(playerActions.gainPlanned(initialPlayerState.plan.gain));
  yield call(pauseEngine);
  yield put(playerActions.cleared());
}

/** From each sign-in to sign-out: restore the user's player, then keep it. */
export function* playerPersistenceSaga(): SagaIterator {
  let userId: string | null = null;
  let saving: Task | null = null;
  for (;;) {
    const action: PayloadAction<PublicUser> = yield take([authActions.authenticated.type, ...SIGN_OUT]);
    if (authActions.authenticated.match(action)) {
      if (action.payload.id === userId) continue;
      if (saving) yield cancel(saving);
      if (userId) yield call(clearPlayer); // another account without a sign-out between
      userId = action.payload.id;
      yield call(restorePlayer, playerStorageKey(userId));
      saving = yield fork(savePlayer, playerStorageKey(userId));
      continue;
    }
    if (saving) yield cancel(saving);
    saving = null;
    if (userId) yield call(clearPlayer);
    userId = null;
  }
}
