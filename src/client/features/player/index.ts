export { playerActions, playerSlice, selectCurrentTrack, selectPlayer, selectPlayingSongId } from './playerSlice';
export type { PlayerState } from './playerSlice';
export { PlayerBar } from './components/PlayerBar';
export type { PlayerTrack, PlaySource } from './playerTypes';
export { toPlayerTrack } from './toPlayerTrack';
