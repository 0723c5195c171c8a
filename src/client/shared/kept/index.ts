export { clearKeptMusic, tellWorkerKeptChanged } from './clearKeptMusic';
export { getKeptRecords, KEPT_RECORDS_KEY, keptBytes, keptItemKey, setKeptRecords, subscribeKeptRecords } from './keptRecords';
export type { KeptItem, KeptPlayback, KeptKind, KeptRecords, KeptSong } from './keptRecords';
