import { getKeptRecords, KEPT_RECORDS_KEY, setKeptRecords, subscribeKeptRecords } from './keptRecords';

afterEach(() => {
  setKeptRecords(() => ({ owner: null, items: [], songs: {} }));
  localStorage.clear();
});

it("follows another tab's changes: the storage event re-reads the record and tells the readers", () => {
  const heard = jest.fn();
  const unsubscribe = subscribeKeptRecords(heard);
  expect(getKeptRecords().items).toEqual([]);

  // another tab kept an album
  const other = { owner: 'u1', items: [{ key: 'album:a1', kind: 'album', id: 'a1', name: 'Blue', songIds: ['s1'], complete: true }], songs: {} };
  localStorage.setItem(KEPT_RECORDS_KEY, JSON.stringify(other));
  window.dispatchEvent(new StorageEvent('storage', { key: KEPT_RECORDS_KEY }));
  expect(heard).toHaveBeenCalledTimes(1);
  expect(getKeptRecords()).toEqual(other);

  // another tab pressed Remove all; a change of another key is not ours
  localStorage.removeItem(KEPT_RECORDS_KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: 'something.else' }));
  expect(getKeptRecords()).toEqual(other);
  window.dispatchEvent(new StorageEvent('storage', { key: KEPT_RECORDS_KEY }));
  expect(getKeptRecords().items).toEqual([]);
  expect(heard).toHaveBeenCalledTimes(2);

  unsubscribe();
  localStorage.setItem(KEPT_RECORDS_KEY, JSON.stringify(other));
  window.dispatchEvent(new StorageEvent('storage', { key: KEPT_RECORDS_KEY }));
  expect(heard).toHaveBeenCalledTimes(2);
  // nobody listens: read afresh
  expect(getKeptRecords()).toEqual(other);
});
