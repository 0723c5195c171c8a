export { radioActions, radioSlice, selectRadio } from './radioSlice';
export type { RadioQueueTrack, RadioState } from './radioSlice';
export { radioApi, useGetRadioQueueQuery } from './radioApi';
export type { RadioSnapshot } from './radioApi';
export { OnAirNotice } from './components/OnAirNotice';
