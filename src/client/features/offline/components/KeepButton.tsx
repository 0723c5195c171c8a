import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { KEPT_MESSAGES } from '../../../../contract/keptMessages';
import { selectUser } from '../../../shared/session';
import type { KeepActionProps } from '../../../shared/songs';
import { Button } from '../../../ui/Button';
import { outOfSync } from '../keepService';
import { startKeeping, stopKeeping } from '../keepJobs';
import { useKeptItem } from '../useKept';
import { keptItemKey } from '../../../shared/kept';

const Failed = styled.span`
  align-self: center;
  color: ${({ theme }) => theme.color.danger};
`;

/**
 * docs/product.md §2.17: "Available offline" keeps the item's songs on this device, says how far it
 * is, and a second press removes them. A kept item whose page shows other songs (a playlist changed)
 * is kept again with them, the removed ones dropped.
 */
export function KeepButton({ kind, id, name, songs }: KeepActionProps) {
  const { item, job } = useKeptItem(kind, id);
  const owner = useSelector(selectUser)?.id ?? null;
  const keeping = job?.state === 'keeping';
  const needsSync = !!item && !job && songs.length > 0 && outOfSync(item, songs);

  useEffect(() => {
    if (needsSync) startKeeping({ kind, id, name }, songs, owner);
  }, [needsSync, kind, id, name, songs, owner]);

  const pressed = !!item || keeping;
  const label =
    job?.state === 'keeping' ? KEPT_MESSAGES.keeping(job.progress.done, job.progress.total) : item?.complete ? KEPT_MESSAGES.kept : KEPT_MESSAGES.keep;
  const onClick = () => {
    if (keeping) return;
    if (item?.complete) void stopKeeping(keptItemKey(kind, id));
    else startKeeping({ kind, id, name }, songs, owner);
  };
  return (
    <>
      <Button type="button" $variant="secondary" aria-pressed={pressed} aria-busy={keeping} disabled={songs.length === 0 && !item} onClick={onClick}>
        {label}
      </Button>
      {job?.state === 'failed' ? <Failed role="alert">{KEPT_MESSAGES.keepFailed(job.progress.done, job.progress.total)}</Failed> : null}
    </>
  );
}
