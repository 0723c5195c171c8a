import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatBytes, KEPT_MESSAGES } from '../../../../contract/keptMessages';
import { clearKeptMusic, keptBytes } from '../../../shared/kept';
import { Button } from '../../../ui/Button';
import { CheckRow } from '../../../ui/settingsParts';
import { keepsSmaller, setKeepsSmaller } from '../keepSmaller';
import { KEPT_MUSIC_LINK } from '../../../ui/OfflineNotice';
import { stopKeeping } from '../keepJobs';
import { askPersistent, storageFacts, type StorageFacts } from '../storageEstimate';
import { useKeptRecords } from '../useKept';

const Facts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  p {
    margin: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(3)};
  }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Whether songs kept from now on are smaller copies (MP3 at 192 kbps). */
function SmallerCopies() {
  const [smaller, setSmaller] = useState(keepsSmaller);
  return (
    <CheckRow>
      <input
        type="checkbox"
        checked={smaller}
        onChange={(event) => {
          setKeepsSmaller(event.target.checked);
          setSmaller(event.target.checked);
        }}
      />
      <span>
        {KEPT_MESSAGES.smaller}
        <small>{KEPT_MESSAGES.smallerHint}</small>
      </span>
    </CheckRow>
  );
}

/** docs/product.md §2.17: the music kept here and its size, the browser's estimate, persistence, removal. */
export function StoragePanel() {
  const records = useKeptRecords();
  const [facts, setFacts] = useState<StorageFacts | null>(null);
  const [refused, setRefused] = useState(false);
  const refresh = useCallback(() => void storageFacts().then(setFacts), []);
  // the browser's figures change with what is kept
  useEffect(() => refresh(), [refresh, records]);

  const persist = async () => {
    setRefused(!(await askPersistent()));
    refresh();
  };
  const songs = Object.values(records.songs).length;
  return (
    <Facts>
      <p data-testid="kept-size">{KEPT_MESSAGES.keptSize(formatBytes(keptBytes(records)), songs)}</p>
      <p data-testid="storage-estimate">
        {facts?.usage != null && facts.quota != null
          ? KEPT_MESSAGES.browserUsage(formatBytes(facts.usage), formatBytes(facts.quota))
          : KEPT_MESSAGES.browserUsageUnknown}
      </p>
      {records.items.length > 0 ? (
        <ul aria-label={KEPT_MUSIC_LINK}>
          {records.items.map((item) => (
            <li key={item.key}>
              <span>{item.name}</span>
              <Button
                type="button"
                $size="sm"
                $variant="secondary"
                aria-label={`${KEPT_MESSAGES.remove} ${item.name}`}
                onClick={() => void stopKeeping(item.key)}
              >
                {KEPT_MESSAGES.remove}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <SmallerCopies />
      <p>{facts?.persisted ? KEPT_MESSAGES.persistent : KEPT_MESSAGES.notPersistent}</p>
      {refused && !facts?.persisted ? <p role="alert">{KEPT_MESSAGES.persistRefused}</p> : null}
      <Row>
        {facts?.persisted ? null : (
          <Button type="button" $variant="secondary" onClick={() => void persist()}>
            {KEPT_MESSAGES.persist}
          </Button>
        )}
        <Button type="button" $variant="danger" disabled={records.items.length === 0 && songs === 0} onClick={() => void clearKeptMusic()}>
          {KEPT_MESSAGES.removeAll}
        </Button>
      </Row>
    </Facts>
  );
}
