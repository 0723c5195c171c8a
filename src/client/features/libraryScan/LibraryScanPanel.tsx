import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { ScanResult } from '../../../contract/library';
import { baseApi } from '../../api/baseApi';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/Page';
import { MissingSongs } from './MissingSongs';
import { ScanCounts } from './ScanCounts';
import { useGetScanStatusQuery, useStartScanMutation } from './libraryScanApi';

/** How often the panel asks for the counters while a scan runs. */
export const SCAN_POLL_MS = 1000;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
  }
  details ul {
    max-height: 240px;
    overflow: auto;
    padding-left: ${({ theme }) => theme.space(5)};
    font-size: 0.9rem;
    word-break: break-all;
  }
`;

function LastResult({ result }: { result: ScanResult }) {
  const finished = new Date(result.finishedAt).toLocaleString();
  return (
    <>
      <p>{result.outcome === 'completed' ? `Last scan finished ${finished}.` : `Last scan stopped ${finished}: ${result.error ?? 'unknown error'}`}</p>
      <ScanCounts counters={result.counters} label="Last scan" />
      {result.skippedTotal > 0 ? (
        <details>
          <summary>{`${result.skippedTotal.toLocaleString()} skipped ${result.skippedTotal === 1 ? 'file' : 'files'}`}</summary>
          <ul>
            {result.skipped.map((file) => (
              <li key={file.path}>
                {file.path}: {file.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

const errorMessage = (error: unknown) => (error as { message?: string }).message ?? 'Could not start a scan';

/**
 * When a scan ends (the last result is a new one), every song list, and the missing songs, read the
 * library again. Watched by the result, not by `running`: a small folder's scan can end before any
 * poll sees it run. `undefined` is the status not read yet.
 */
function useRefreshWhenScanEnds(lastFinishedAt: string | null | undefined) {
  const dispatch = useDispatch();
  const seen = useRef(lastFinishedAt);
  useEffect(() => {
    if (seen.current !== undefined && lastFinishedAt !== seen.current) dispatch(baseApi.util.invalidateTags(['Song', 'MissingSongs']));
    seen.current = lastFinishedAt;
  }, [lastFinishedAt, dispatch]);
}

/** docs/product.md §5.7, for admins in Settings: Rescan the music folder, with live counters and the last result. */
function ScanStatus() {
  const [polling, setPolling] = useState(false);
  const status = useGetScanStatusQuery(undefined, { pollingInterval: polling ? SCAN_POLL_MS : 0 });
  const [startScan, start] = useStartScanMutation();
  const data = status.data;
  const running = data?.running ?? false;
  useEffect(() => setPolling(running), [running]);
  useRefreshWhenScanEnds(data ? (data.lastResult?.finishedAt ?? null) : undefined);

  if (status.isLoading) return <p>Loading…</p>;
  if (!data) return <ErrorMessage>Could not read the library's scan status</ErrorMessage>;
  if (!data.configured) return <p>No music folder is set. Set MUSIC_DIR and restart to scan your own music.</p>;

  const rescan = async () => {
    await startScan()
      .unwrap()
      .catch(() => undefined);
    status.refetch();
  };
  return (
    <Stack>
      <div aria-live="polite">
        {data.running && data.progress ? (
          <>
            <p>Scanning…</p>
            <ScanCounts counters={data.progress} label="Scan in progress" />
          </>
        ) : data.lastResult ? (
          <LastResult result={data.lastResult} />
        ) : (
          <p>The music folder has not been scanned yet.</p>
        )}
      </div>
      {start.error ? <ErrorMessage>{errorMessage(start.error)}</ErrorMessage> : null}
      <div>
        <Button type="button" onClick={rescan} disabled={data.running || start.isLoading}>
          Rescan
        </Button>
      </div>
    </Stack>
  );
}

/** docs/product.md §2.10 Settings › Library: the scan, then the missing songs. */
export function LibraryScanPanel() {
  return (
    <Stack>
      <ScanStatus />
      <MissingSongs />
    </Stack>
  );
}
