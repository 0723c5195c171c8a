export { radioActions, radioSlice, selectRadio } from './radioSlice';
export type { RadioQueueTrack, RadioState } from './radioSlice';
