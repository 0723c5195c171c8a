export {
  initialPlayerState,
  isRadioSource,
  playerActions,
  playerSlice,
  selectCurrentTrack,
  selectIsRadioSource,
  selectPlayer,
  selectPlayingSongId,
} from './playerSlice';
export type { PlayerState, RestoredPlayer } from './playerSlice';
export type { EngineState, PlannedNext } from './engineState';
export { QUEUE_SOURCE } from './playerTypes';
export type { PlayerSource, PlayerTrack, PlaySource } from './playerTypes';
export { toPlayerTrack } from './toPlayerTrack';
export { usePlaySongs } from './usePlaySongs';
export type { PlayableSong, PlaySongs } from './usePlaySongs';
export { usePrepareIntents, usePrepareOnIntent } from './usePrepareOnIntent';
export type { IntentTrack, PrepareIntentHandlers } from './usePrepareOnIntent';
export { setEngineGain, setEngineNext } from './engineSagas';
