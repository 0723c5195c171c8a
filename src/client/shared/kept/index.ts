export { clearKeptMusic, tellWorkerKeptChanged } from './clearKeptMusic';
export { getKeptRecords, KEPT_RECORDS_KEY, keptBytes, keptItemKey, setKeptRecords, subscribeKeptRecords } from './keptRecords';
export type { KeptItem, KeptKind, KeptRecords, KeptSong } from './keptRecords';
