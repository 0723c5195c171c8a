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
export { samePlan, samePlannedNext } from './engineState';
export type { EnginePlan, EngineState, PlannedNext } from './engineState';
export { QUEUE_SOURCE } from './playerTypes';
export type { PlayerSource, PlayerTrack, PlaySource } from './playerTypes';
export { toPlayerTrack } from './toPlayerTrack';
export { albumInOrder, followsOnAlbum, trackGainFor } from './replayGain';
export type { Neighbours } from './replayGain';
export { usePlaySongs } from './usePlaySongs';
export type { PlayableSong, PlaySongs } from './usePlaySongs';
export { usePrepareIntents, usePrepareOnIntent } from './usePrepareOnIntent';
export type { IntentTrack, PrepareIntentHandlers } from './usePrepareOnIntent';
