export { initialPlayerState, playerActions, playerSlice, selectCurrentTrack, selectPlayer, selectPlayingSongId } from './playerSlice';
export type { PlayerState, RestoredPlayer } from './playerSlice';
export type { PlayerTrack, PlaySource } from './playerTypes';
export { toPlayerTrack } from './toPlayerTrack';
export { usePlaySongs } from './usePlaySongs';
export type { PlayableSong, PlaySongs } from './usePlaySongs';
export { usePrepareIntents, usePrepareOnIntent } from './usePrepareOnIntent';
export type { IntentTrack, PrepareIntentHandlers } from './usePrepareOnIntent';
